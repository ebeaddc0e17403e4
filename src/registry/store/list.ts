// List: the resourceVersion x resourceVersionMatch x pagination table of 1-conventions.
// Unpaginated reads come from the watch cache; pages come from the backend at one revision, so every
// page of a chunked list belongs to the same consistent snapshot (chunked lists, rule 3).
import { badRequest, expired, tooLargeResourceVersion } from '../../errors/status-error.js';
import { isStorageError } from '../../storage/errors.js';
import { decodeContinue, encodeContinue } from '../continue-token.js';
import { decodeObject } from './codec.js';
import { ensureFresh, parseResourceVersion } from './read.js';
import { selectableOf, type Predicate } from './predicate.js';
import type { ListOptions, ListResult, StorageListMetrics, StorageResource, StoredItem } from './types.js';

const EXPIRED_CONTINUE =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

export async function listItems(storage: StorageResource, prefix: string, options: ListOptions, predicate: Predicate | undefined): Promise<ListResult> {
  const rv = parseResourceVersion(options.resourceVersion);
  const limit = options.limit && options.limit > 0 ? options.limit : undefined;
  if (options.continue) {
    if (rv !== undefined && rv !== 0) throw badRequest('specifying resource version is not allowed when using continue');
    const token = decodeContinue(options.continue);
    return listPage(storage, prefix, { revision: token.revision === -1 ? 0 : token.revision, startKey: prefix + token.start, limit, predicate, fromContinue: true });
  }
  const exact = options.resourceVersionMatch === 'Exact' || (options.resourceVersionMatch === undefined && limit !== undefined);
  if (rv !== undefined && rv !== 0 && exact) {
    return listPage(storage, prefix, { revision: rv, startKey: prefix, limit, predicate, fromContinue: false });
  }
  if (limit !== undefined && rv === undefined) {
    return listPage(storage, prefix, { revision: 0, startKey: prefix, limit, predicate, fromContinue: false });
  }
  // NotOlderThan a version with a limit: a page of the latest state, as upstream's cacher delegates it to
  // storage (shouldDelegateList) and the store checks the version afterwards (validateMinimumResourceVersion).
  if (limit !== undefined && rv !== undefined && rv !== 0) {
    const page = await listPage(storage, prefix, { revision: 0, startKey: prefix, limit, predicate, fromContinue: false });
    if (page.revision < rv) throw tooLargeResourceVersion(rv, page.revision, 0);
    return page;
  }
  // rv=0 (any), and NotOlderThan without a limit: served whole from the cache; upstream ignores the limit with rv=0 too.
  await ensureFresh(storage, rv);
  if (rv !== undefined || !options.fromClient || !storage.listMetrics) {
    const { revision, items } = storage.cacher.list(prefix, predicate);
    return { revision, items };
  }
  return consistentList(storage, storage.listMetrics, prefix, predicate);
}

/**
 * A consistent list (no resourceVersion), served from the cache once it caught up with the store: upstream
 * reads it from storage, so it counts in apiserver_storage_list_* as a read of every object under the prefix.
 */
function consistentList(storage: StorageResource, metrics: StorageListMetrics, prefix: string, predicate: Predicate | undefined): ListResult {
  let tested = 0;
  const counting: Predicate | undefined = predicate && ((item) => (tested++, predicate(item)));
  const { revision, items } = storage.cacher.list(prefix, counting);
  const read = predicate ? tested : items.length;
  metrics.record(read, read, items.length);
  return { revision, items };
}

interface PageRequest {
  revision: number;
  startKey: string;
  limit: number | undefined;
  predicate: Predicate | undefined;
  fromContinue: boolean;
}

/** The objects a LIST read from storage, tested, and returned (apiserver_storage_list_*). */
interface ListCounts {
  fetched: number;
  evaluated: number;
  items: StoredItem[];
}

/** One page read from the backend; counted in the storage list metrics, failed reads too (as upstream). */
async function listPage(storage: StorageResource, prefix: string, page: PageRequest): Promise<ListResult> {
  const counts: ListCounts = { fetched: 0, evaluated: 0, items: [] };
  try {
    return await fillPage(storage, prefix, page, counts);
  } finally {
    storage.listMetrics?.record(counts.fetched, counts.evaluated, counts.items.length);
  }
}

/** Reads at a fixed revision until the page holds `limit` matching items or the prefix ends. */
async function fillPage(storage: StorageResource, prefix: string, page: PageRequest, counts: ListCounts): Promise<ListResult> {
  const { items } = counts;
  let revision = page.revision;
  let startKey = page.startKey;
  for (;;) {
    const batch = page.limit === undefined ? 0 : Math.max(page.limit - items.length, page.predicate ? 100 : 0);
    const result = await rangeAt(storage, prefix, { revision, startKey, limit: batch }, page);
    revision = result.revision;
    counts.fetched += result.kvs.length;
    for (let i = 0; i < result.kvs.length; i++) {
      const kv = result.kvs[i]!;
      const object = decodeObject(kv);
      counts.evaluated++;
      if (page.predicate && !page.predicate(selectableOf(object))) continue;
      items.push({ object });
      if (page.limit !== undefined && items.length === page.limit) {
        const more = i < result.kvs.length - 1 || result.more;
        if (!more) return { revision, items };
        const next: ListResult = { revision, items, continue: encodeContinue({ revision, start: kv.key.slice(prefix.length) + '\u0000' }) };
        if (!page.predicate) next.remainingItemCount = result.count - (i + 1);
        return next;
      }
    }
    if (!result.more) return { revision, items };
    startKey = result.kvs[result.kvs.length - 1]!.key + '\u0000';
  }
}

async function rangeAt(storage: StorageResource, prefix: string, range: { revision: number; startKey: string; limit: number }, page: PageRequest) {
  try {
    return await storage.backend.range(prefix, range);
  } catch (error) {
    if (isStorageError(error, 'Compacted')) {
      if (page.fromContinue) throw expiredContinue(prefix, range.startKey);
      throw expired(`The resourceVersion for the provided list is too old.`);
    }
    if (isStorageError(error, 'FutureRevision')) throw tooLargeResourceVersion(range.revision, await storage.backend.currentRevision());
    throw error;
  }
}

/** 410 Expired carrying a token that continues, inconsistently, at the current revision (as upstream). */
function expiredContinue(prefix: string, startKey: string) {
  const error = expired(EXPIRED_CONTINUE);
  // Upstream puts an "inconsistent continue" token (revision -1) in the Status metadata: the client
  // may carry on from the same key at the newest revision.
  error.status.metadata.continue = encodeContinue({ revision: -1, start: startKey.slice(prefix.length) });
  return error;
}
