import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestInfo } from '../endpoints/request-info.js';
import { estimateSeats } from './work-estimate.js';

test('estimateSeats: one per 100 objects a list processes, 1 to 10', () => {
  const stored = new Map([['/pods', 2500], ['/configmaps', 30]]);
  const count = (group: string, resource: string) => stored.get(`${group}/${resource}`);
  const seats = (path: string, query = '', method = 'GET') => estimateSeats(parseRequestInfo(method, path, new URLSearchParams(query)), new URLSearchParams(query), count);
  const cases: [string, number, string, string?][] = [
    ['/api/v1/pods', 10, 'from storage: twice the stored objects, capped'],
    ['/api/v1/pods', 5, 'from storage with a page of 250: twice the page', 'limit=250'],
    ['/api/v1/pods', 10, 'from the cache (resourceVersion=0): every stored object', 'resourceVersion=0&limit=250'],
    ['/api/v1/pods', 10, 'a selector from storage: stored plus the page', 'labelSelector=a%3Db&limit=10'],
    ['/api/v1/configmaps', 1, 'few objects: the minimum'],
    ['/api/v1/namespaces/a/pods/p', 1, 'a get'],
    ['/api/v1/widgets', 1, 'unknown count: the minimum'],
    ['/api/v1/pods', 10, 'a limit that does not parse: the maximum', 'limit=x'],
  ];
  for (const [path, expected, name, query] of cases) assert.equal(seats(path, query), expected, name);
  assert.equal(seats('/api/v1/namespaces/a/configmaps', '', 'POST'), 1, 'a create');
});
