// Legacy (unaggregated) discovery documents: `/api` (APIVersions), `/api/v1` and
// `/apis/<group>/<version>` (APIResourceList), `/apis` (APIGroupList), `/apis/<group>` (APIGroup).
// Shapes and field order as upstream 1.25 writes them (the core documents carry no apiVersion).
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { type GroupPriorities, sortGroups, sortVersions } from './group-order.js';
import { resourcesOf, sortedVerbs, storageVersionHash, subresourceFacts } from './resources.js';

/** Where clients from a CIDR should reach the server. */
export interface ServerAddressByClientCIDR {
  clientCIDR: string;
  serverAddress: string;
}

/** The `/api` document. */
export interface APIVersions {
  kind: 'APIVersions';
  versions: string[];
  serverAddressByClientCIDRs: ServerAddressByClientCIDR[];
}

/** One resource or subresource (`namespaces/status`) of a group-version. */
export interface APIResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  group?: string;
  version?: string;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string;
}

/** The `/api/v1` and `/apis/<group>/<version>` document. */
export interface APIResourceList {
  kind: 'APIResourceList';
  apiVersion?: 'v1';
  groupVersion: string;
  resources: APIResource[];
}

/** A group-version as listed in an APIGroup. */
export interface GroupVersionForDiscovery {
  groupVersion: string;
  version: string;
}

/** The `/apis/<group>` document, and one entry of `/apis`. */
export interface APIGroup {
  kind?: 'APIGroup';
  apiVersion?: 'v1';
  name: string;
  versions: GroupVersionForDiscovery[];
  preferredVersion: GroupVersionForDiscovery;
}

/** The `/apis` document. */
export interface APIGroupList {
  kind: 'APIGroupList';
  apiVersion: 'v1';
  groups: APIGroup[];
}

/** `/api`: the core versions and the address clients should use (`0.0.0.0/0` -> `serverAddress`). */
export function buildApiVersions(defs: readonly ResourceDefinition[], serverAddress: string): APIVersions {
  const versions = sortVersions('', defs.filter((def) => def.group === '').map((def) => def.version));
  return { kind: 'APIVersions', versions, serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** `/api/<version>` or `/apis/<group>/<version>`: undefined when that group-version is not served. */
export function buildApiResourceList(defs: readonly ResourceDefinition[], group: string, version: string): APIResourceList | undefined {
  const served = resourcesOf(defs, group, version);
  if (served.length === 0) return undefined;
  const resources: APIResource[] = [];
  for (const def of served) {
    resources.push(mainResource(def, defs));
    for (const sub of subresourceFacts(def)) {
      // Upstream names the group and version only where the subresource's kind is in another one (scale, eviction).
      const elsewhere = sub.kind.group !== def.group || sub.kind.version !== def.version;
      resources.push({
        name: `${def.resource}/${sub.name}`,
        singularName: '',
        namespaced: def.namespaced,
        ...(elsewhere ? { group: sub.kind.group, version: sub.kind.version } : {}),
        kind: sub.kind.kind,
        verbs: sub.verbs,
      });
    }
  }
  resources.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groupVersion = group === '' ? version : `${group}/${version}`;
  return group === '' ? { kind: 'APIResourceList', groupVersion, resources } : { kind: 'APIResourceList', apiVersion: 'v1', groupVersion, resources };
}

function mainResource(def: ResourceDefinition, defs: readonly ResourceDefinition[]): APIResource {
  // 1.25 reports no singular name for built-in resources (SingularNameProvider came in 1.27); clients guess
  // it from the kind. Custom resources will report theirs.
  const resource: APIResource = { name: def.resource, singularName: '', namespaced: def.namespaced, kind: def.kind, verbs: sortedVerbs(def) };
  if (def.shortNames?.length) resource.shortNames = [...def.shortNames];
  if (def.categories?.length) resource.categories = [...def.categories];
  // Upstream: only resources backed by storage (genericregistry.Store) have one; not bindings,
  // componentstatuses, tokenreviews.
  if (!def.computed && !def.createAction) resource.storageVersionHash = storageVersionHash(def, defs);
  return resource;
}

function groupEntry(defs: readonly ResourceDefinition[], group: string, priorities: GroupPriorities): APIGroup | undefined {
  const versions = sortVersions(group, defs.filter((def) => def.group === group).map((def) => def.version), priorities);
  const entries = versions.map((version) => ({ groupVersion: `${group}/${version}`, version }));
  const preferred = entries[0];
  return preferred ? { name: group, versions: entries, preferredVersion: preferred } : undefined;
}

/** `/apis`: every named group, in discovery order, each with its versions (preferred first). */
export function buildApiGroupList(defs: readonly ResourceDefinition[], priorities: GroupPriorities = {}): APIGroupList {
  const groups = sortGroups(defs.map((def) => def.group).filter((group) => group !== ''), priorities);
  const entries = groups.map((group) => groupEntry(defs, group, priorities)).filter((entry): entry is APIGroup => entry !== undefined);
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: entries };
}

/** `/apis/<group>`: undefined when the group is not served. */
export function buildApiGroup(defs: readonly ResourceDefinition[], group: string, priorities: GroupPriorities = {}): APIGroup | undefined {
  if (group === '') return undefined;
  const entry = groupEntry(defs, group, priorities);
  return entry ? { kind: 'APIGroup', apiVersion: 'v1', ...entry } : undefined;
}
