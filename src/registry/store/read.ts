// Reads through the watch cache: consistent reads wait until the cache has caught up with the store's
// current revision (1-conventions: resource versions; "most recent" = quorum read), so a read never
// returns data older than an acknowledged write, on this replica or another.
import { isStorageError } from '../../storage/errors.js';
import { badRequest, tooLargeResourceVersion } from '../../errors/status-error.js';
import type { StorageResource } from './types.js';

/** Parse a client-supplied resourceVersion: '' and undefined are unset, otherwise a non-negative integer. */
export function parseResourceVersion(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw badRequest(`invalid resource version "${value}"`);
  return Number(value);
}

/**
 * Make the cache fresh enough for a read: unset = the store's current revision, 0 = as is (any),
 * N = not older than N (504 Too large resource version when the store does not reach N in time).
 * Undefined when the cache already is (no promise: most reads of an embedded store), else the wait.
 */
export function ensureFresh(storage: StorageResource, resourceVersion: number | undefined): Promise<void> | undefined {
  if (resourceVersion === 0) return undefined;
  const target = resourceVersion ?? storage.backend.localRevision?.();
  if (target !== undefined) return storage.cacher.revision >= target ? undefined : waitUntilFresh(storage, target);
  return storage.backend.currentRevision().then((current) => (storage.cacher.revision >= current ? undefined : waitUntilFresh(storage, current)));
}

async function waitUntilFresh(storage: StorageResource, target: number): Promise<void> {
  try {
    await storage.cacher.waitUntilFresh(target);
  } catch (error) {
    if (isStorageError(error, 'Timeout')) throw tooLargeResourceVersion(target, storage.cacher.revision);
    throw error;
  }
}
