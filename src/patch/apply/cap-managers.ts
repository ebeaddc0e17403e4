// At most 10 Update entries are kept (upstream capManagersManager): the oldest ones are merged into
// one `ancient-changes` entry per API version, which takes the time of the newest entry merged.
import { managerIdentifier, type Managed } from './managed-fields.js';
import { union } from './field-set.js';

/** Upstream DefaultMaxUpdateManagers. */
export const MAX_UPDATE_MANAGERS = 10;

const ANCIENT_CHANGES = 'ancient-changes';

/** Merges the oldest Update entries until at most `max` remain (mutates `managed`). */
export function capUpdateManagers(managed: Managed, max = MAX_UPDATE_MANAGERS): void {
  const updaters = [...managed.fields].filter(([, owned]) => !owned.applied).map(([id]) => id);
  if (updaters.length <= max) return;
  const time = (id: string): number => {
    const t = managed.times.get(id);
    return t ? Date.parse(t) : Number.NEGATIVE_INFINITY;
  };
  updaters.sort((a, b) => time(a) - time(b) || (a < b ? -1 : a > b ? 1 : 0));
  const firstByVersion = new Map<string, string>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > max; i++) {
    const id = updaters[i] as string;
    const owned = managed.fields.get(id);
    if (!owned) continue;
    const bucket = managerIdentifier({ manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: owned.apiVersion });
    const first = firstByVersion.get(owned.apiVersion);
    if (first === undefined) {
      firstByVersion.set(owned.apiVersion, id);
      continue;
    }
    if (!managed.fields.has(bucket)) {
      const firstSet = managed.fields.get(first);
      managed.fields.delete(first);
      if (firstSet) managed.fields.set(bucket, firstSet);
    }
    const bucketSet = managed.fields.get(bucket);
    managed.fields.set(bucket, { set: bucketSet ? union(owned.set, bucketSet.set) : owned.set, apiVersion: owned.apiVersion, applied: false });
    managed.fields.delete(id);
    length--;
    const merged = managed.times.get(id);
    if (merged) managed.times.set(bucket, merged);
    else managed.times.delete(bucket);
  }
}
