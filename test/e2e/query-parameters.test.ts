// Query parameters as upstream's parameter codec converts them (issue 15, item 1), seen on the wire:
// any `watch` value but 0/false makes a watch, int64 parameters answer strconv's 400s, and JSON is
// indented by default for curl, Wget and browsers (upstream isPrettyPrint).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';

const env = useCluster();

/** Whether a GET of the namespace list with `query` answered a watch stream or a list. */
async function answer(query: string): Promise<'watch' | 'list'> {
  const response = await env.client.request('GET', `/api/v1/namespaces?timeoutSeconds=1&${query}`);
  assert.equal(response.status, 200, response.body);
  return /^\{"type":"ADDED"/.test(response.body) ? 'watch' : 'list';
}

test('watch is a watch for every value but 0 and false, as Convert_Slice_string_To_bool', async () => {
  for (const query of ['watch=true', 'watch=True', 'watch=1', 'watch=yes', 'watch=', 'watch']) assert.equal(await answer(query), 'watch', query);
  for (const query of ['watch=false', 'watch=False', 'watch=0', 'watch=0&watch=1', 'x=1']) assert.equal(await answer(query), 'list', query);
});

test('int64 parameters that do not parse answer 400 with strconv.ParseInt errors', async () => {
  const cases: Array<[string, string]> = [
    ['limit=', 'strconv.ParseInt: parsing "": invalid syntax'],
    ['limit=ten', 'strconv.ParseInt: parsing "ten": invalid syntax'],
    ['limit=99999999999999999999', 'strconv.ParseInt: parsing "99999999999999999999": value out of range'],
    ['timeoutSeconds=1.5', 'strconv.ParseInt: parsing "1.5": invalid syntax'],
  ];
  for (const [query, message] of cases) {
    const response = await env.client.request('GET', `/api/v1/namespaces?${query}`);
    assert.equal(response.status, 400, query);
    assert.deepEqual((response.json() as { reason: string; message: string }).message, message);
    assert.equal((response.json() as { reason: string }).reason, 'BadRequest');
  }
  const grace = await env.client.request('DELETE', '/api/v1/namespaces/default/configmaps/absent?gracePeriodSeconds=soon');
  assert.equal(grace.status, 400);
});

test('JSON is indented for curl, Wget and browsers unless pretty says otherwise', async () => {
  const get = (agent: string, query = '') => env.client.request('GET', `/api/v1/namespaces/default${query}`, { headers: { 'user-agent': agent } });
  for (const agent of ['curl/8.5.0', 'Wget/1.21', 'Mozilla/5.0 (X11; Linux x86_64)']) assert.match((await get(agent)).body, /^\{\n {2}"[a-zA-Z]+": /, agent);
  assert.match((await get('curl/8.5.0', '?pretty=false')).body, /^\{"[a-zA-Z]+":/);
  assert.match((await get('kubectl/v1.32.0', '')).body, /^\{"[a-zA-Z]+":/);
  assert.match((await get('kubectl/v1.32.0', '?pretty=1')).body, /^\{\n/);
  assert.match((await get('kubectl/v1.32.0', '?pretty=yes')).body, /^\{"[a-zA-Z]+":/);
});
