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
 */
export async function ensureFresh(storage: StorageResource, resourceVersion: number | undefined): Promise<void> {
  if (resourceVersion === 0) return;
  const target = resourceVersion ?? (await storage.backend.currentRevision());
  if (storage.cacher.revision >= target) return;
  try {
    await storage.cacher.waitUntilFresh(target);
  } catch (error) {
    if (isStorageError(error, 'Timeout')) throw tooLargeResourceVersion(target, storage.cacher.revision);
    throw error;
  }
}
