// How many seats a request occupies while it executes (k8s.io/apiserver pkg/util/flowcontrol/request,
// 1.25 WorkEstimator): one, except a list, which takes one seat per 100 objects it will process, between 1
// and 10. A list served from the watch cache processes every stored object; one from storage with a selector
// every stored object plus the page; one from storage without a selector twice the page.
import type { RequestInfo } from '../endpoints/request-info.js';

export const MINIMUM_SEATS = 1;
export const MAXIMUM_SEATS = 10;
const OBJECTS_PER_SEAT = 100;

/** The stored objects of a resource, as apiserver_storage_objects counts them; undefined when unknown. */
export type ObjectCounter = (group: string, resource: string) => number | undefined;

/** upstream shouldListFromStorage: lists that the watch cache cannot serve. */
function listsFromStorage(query: URLSearchParams): boolean {
  const resourceVersion = query.get('resourceVersion') ?? '';
  const limit = Number(query.get('limit') ?? '0');
  return resourceVersion === '' || (query.get('continue') ?? '') !== '' || (limit > 0 && resourceVersion !== '0') || query.get('resourceVersionMatch') === 'Exact';
}

/** upstream listWorkEstimator (the APIListChunking gate on, as in 1.25); other verbs take the minimum. */
export function estimateSeats(info: RequestInfo, query: URLSearchParams, count: ObjectCounter): number {
  if (!info.isResourceRequest || info.verb !== 'list') return MINIMUM_SEATS;
  const limitParam = query.get('limit');
  const limit = limitParam === null ? 0 : Number(limitParam);
  // A list whose options do not parse fails validation later; upstream charges it the maximum.
  if (!Number.isInteger(limit)) return MAXIMUM_SEATS;
  const stored = count(info.apiGroup, info.resource);
  if (stored === undefined) return MINIMUM_SEATS;
  const page = limit > 0 && limit < stored ? limit : stored;
  let objects: number;
  if (!listsFromStorage(query)) objects = stored;
  else if ((query.get('fieldSelector') ?? '') !== '' || (query.get('labelSelector') ?? '') !== '') objects = stored + page;
  else objects = 2 * page;
  return Math.min(MAXIMUM_SEATS, Math.max(MINIMUM_SEATS, Math.ceil(objects / OBJECTS_PER_SEAT)));
}
