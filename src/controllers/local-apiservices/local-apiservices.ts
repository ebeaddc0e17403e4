// The Local APIServices (spec.service null) kube-apiserver keeps for every group-version it serves
// itself, as its autoregister controller does for them ("sync on start"): created when missing, their
// spec put back when it drifted, and deleted once the group-version is no longer served. Objects
// without the automanaged label are the user's and are left alone.
import type { APIService } from '../../apis/apiregistration/v1/apiservice.js';
import { builtInPriority } from '../../apis/apiregistration/v1/builtin-priorities.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceClient } from '../../client/resource-client.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { isConflict, isGoneOrChanged, isNotFound } from '../status-errors.js';

/** The label marking APIServices this server manages, and its value for the built-in ones. */
export const AUTOMANAGED_LABEL = 'kube-aggregator.kubernetes.io/automanaged';
export const MANAGE_ON_START = 'onstart';
/** Set by a controller that keeps an APIService in sync all the time (CRD group-versions upstream). */
export const MANAGE_CONTINUOUSLY = 'true';

/**
 * The group this server serves APIServices from: discovery lists it first, but upstream's aggregator
 * registers no APIService for itself (its priorities table has none).
 */
const AGGREGATOR_GROUP = 'apiregistration.k8s.io';

/** One served group-version. */
export interface GroupVersion {
  group: string;
  version: string;
}

/** The distinct group-versions of `definitions`, in first-served order. */
export function servedGroupVersions(definitions: readonly Pick<ResourceDefinition, 'group' | 'version'>[]): GroupVersion[] {
  const seen = new Map<string, GroupVersion>();
  for (const { group, version } of definitions) if (!seen.has(`${group}/${version}`)) seen.set(`${group}/${version}`, { group, version });
  return [...seen.values()];
}

/** The Local APIService of a group-version (`v1.` for the core group), or undefined when it gets none. */
export function localAPIService({ group, version }: GroupVersion): APIService | undefined {
  const priority = builtInPriority(group, version);
  if (!priority || group === AGGREGATOR_GROUP) return undefined;
  return {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: `${version}.${group}`, labels: { [AUTOMANAGED_LABEL]: MANAGE_ON_START } },
    spec: { group, version, groupPriorityMinimum: priority.group, versionPriority: priority.version },
  };
}

const isAutomanaged = (obj: Readonly<KubeObject>): boolean => {
  const value = obj.metadata.labels?.[AUTOMANAGED_LABEL];
  return value === MANAGE_ON_START || value === MANAGE_CONTINUOUSLY;
};

const sameSpec = (a: APIService['spec'], b: APIService['spec']): boolean => JSON.stringify(sortedSpec(a)) === JSON.stringify(sortedSpec(b));
const sortedSpec = (spec: APIService['spec']): unknown => Object.fromEntries(Object.entries(spec ?? {}).filter(([, v]) => v !== undefined && v !== '' && v !== false).sort());

/**
 * Brings the Local APIServices in line with the served group-versions: creates the missing ones, resets
 * the spec of managed ones that drifted, deletes managed ones no longer served. `current` is the
 * APIServices as listed; a spec reset judges the object the server has. Call again whenever the served
 * set changes (CRDs, `--runtime-config`).
 */
export async function syncLocalAPIServices(client: ResourceClient, current: readonly Readonly<APIService>[], served: readonly GroupVersion[]): Promise<void> {
  const desired = new Map<string, APIService>();
  for (const gv of served) {
    const apiService = localAPIService(gv);
    if (apiService) desired.set(apiService.metadata.name!, apiService);
  }
  const have = new Map(current.map((obj) => [obj.metadata.name ?? '', obj]));
  for (const [name, want] of desired) {
    const obj = have.get(name);
    if (!obj) await createIgnoringConflict(client, want);
    else if (isAutomanaged(obj) && !sameSpec(obj.spec, want.spec)) await resetSpec(client, name, want);
  }
  for (const [name, obj] of have) {
    if (!desired.has(name) && isAutomanaged(obj)) await deleteIgnoringNotFound(client, obj);
  }
}

async function createIgnoringConflict(client: ResourceClient, apiService: APIService): Promise<void> {
  try {
    await client.create('', structuredClone(apiService) as KubeObject);
  } catch (error) {
    if (!isConflict(error)) throw error; // another replica was first
  }
}

/** Puts `want`'s spec back on the live object, while it is still managed and still differs. */
async function resetSpec(client: ResourceClient, name: string, want: APIService): Promise<void> {
  try {
    await client.update('', name, (current) => {
      if (!isAutomanaged(current) || sameSpec((current as APIService).spec, want.spec)) return undefined;
      return { ...current, spec: structuredClone(want.spec) };
    });
  } catch (error) {
    if (!isNotFound(error)) throw error; // deleted meanwhile: the next sync creates it
  }
}

/** Deletes the object the informer showed; one replaced meanwhile (another uid) is left to the next sync. */
async function deleteIgnoringNotFound(client: ResourceClient, obj: Readonly<APIService>): Promise<void> {
  const uid = obj.metadata.uid;
  try {
    await client.delete('', obj.metadata.name ?? '', uid ? { preconditions: { uid } } : {});
  } catch (error) {
    if (!isGoneOrChanged(error)) throw error;
  }
}
