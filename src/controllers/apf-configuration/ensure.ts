// How the bootstrap configuration is kept (upstream pkg/registry/flowcontrol/ensurer, 1.25):
// - a missing bootstrap object is created;
// - a mandatory object's spec is always put back, and its `apf.kubernetes.io/autoupdate-spec` set to true;
// - a suggested object's spec is put back only while auto-update holds: the annotation parses as true, or,
//   without a boolean annotation, the object was never changed (generation 1); the annotation is then
//   written to say which way it went;
// - an object that is no longer part of the bootstrap configuration is deleted if its annotation is true.
// What exists is read from the informer (upstream's lister); each update is judged again on the live object.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { AUTO_UPDATE_ANNOTATION } from '../../apis/flowcontrol/v1beta2/bootstrap.js';
import { semanticEqual } from '../../apis/flowcontrol/v1beta2/semantic-equal.js';
import { parseGoBool } from '../../schema/go-bool.js';
import { type Followed } from '../queue-controller.js';
import { isConflict, isGoneOrChanged, isNotFound } from '../status-errors.js';

/** The field manager upstream's configuration producer writes with (as `system:apiserver`, over the loopback). */
export const APF_PRODUCER = 'api-priority-and-fairness-config-producer-v1';
const WRITE = { fieldManager: APF_PRODUCER };

/** Go's strconv.ParseBool. */
function parseBool(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  try {
    return parseGoBool(value);
  } catch {
    return undefined;
  }
}

/** upstream shouldUpdateSpec: the annotation if it is a boolean, else whether the spec was never changed. */
export function autoUpdates(obj: Readonly<KubeObject>): boolean {
  return parseBool(obj.metadata.annotations?.[AUTO_UPDATE_ANNOTATION]) ?? obj.metadata.generation === 1;
}

/**
 * The object `current` should become to match `bootstrap`, or undefined when it already does (or must
 * be left alone). `mandatory` objects always auto-update.
 */
export function plannedUpdate(current: Readonly<KubeObject>, bootstrap: Readonly<KubeObject>, mandatory: boolean): KubeObject | undefined {
  const autoUpdate = mandatory || autoUpdates(current);
  const annotationStale = parseBool(current.metadata.annotations?.[AUTO_UPDATE_ANNOTATION]) !== autoUpdate;
  const specStale = autoUpdate && !semanticEqual(current['spec'], bootstrap['spec']);
  if (!annotationStale && !specStale) return undefined;
  const next = structuredClone(current) as KubeObject;
  next.metadata.annotations = { ...next.metadata.annotations, [AUTO_UPDATE_ANNOTATION]: String(autoUpdate) };
  if (specStale) next['spec'] = structuredClone(bootstrap['spec']);
  return next;
}

/** Creates or updates one bootstrap object as the rules above say. */
export async function ensureObject(kind: Followed, bootstrap: Readonly<KubeObject>, mandatory: boolean): Promise<void> {
  const name = bootstrap.metadata.name ?? '';
  const current = kind.informer.get('', name);
  if (!current) {
    try {
      await kind.client.create('', structuredClone(bootstrap) as KubeObject, WRITE);
    } catch (error) {
      if (!isConflict(error)) throw error; // exists (the cache lags, or created meanwhile): the next pass checks it
    }
    return;
  }
  if (!plannedUpdate(current, bootstrap, mandatory)) return;
  try {
    await kind.client.update('', name, (fresh) => plannedUpdate(fresh, bootstrap, mandatory), WRITE);
  } catch (error) {
    if (!isNotFound(error)) throw error; // deleted meanwhile: the next pass creates it
  }
}

/**
 * Deletes objects outside `wanted` whose auto-update annotation is true (upstream's removal of unwanted
 * bootstrap objects), each as the informer showed it (its resourceVersion the precondition).
 */
export async function removeUnwanted(kind: Followed, wanted: ReadonlySet<string>): Promise<void> {
  for (const obj of kind.informer.list()) {
    const name = obj.metadata.name ?? '';
    if (wanted.has(name) || parseBool(obj.metadata.annotations?.[AUTO_UPDATE_ANNOTATION]) !== true) continue;
    const resourceVersion = obj.metadata.resourceVersion;
    try {
      await kind.client.delete('', name, resourceVersion ? { preconditions: { resourceVersion } } : {});
    } catch (error) {
      if (!isGoneOrChanged(error)) throw error; // gone, or changed since: the change brings another pass
    }
  }
}
