import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLongRunningRequest, parseRequestInfo, splitRequestTarget, unescapePath } from './request-info.js';

const q = (s = '') => new URLSearchParams(s);

test('request info: path shapes and verbs (1-conventions: path shapes)', () => {
  const cases: [string, string, string, Record<string, unknown>][] = [
    ['GET', '/api/v1/namespaces', '', { resource: 'namespaces', name: '', namespace: '', verb: 'list' }],
    ['GET', '/api/v1/namespaces/foo', '', { resource: 'namespaces', name: 'foo', namespace: 'foo', verb: 'get' }],
    ['PUT', '/api/v1/namespaces/foo/finalize', '', { resource: 'namespaces', name: 'foo', subresource: 'finalize', verb: 'update' }],
    ['GET', '/api/v1/namespaces/foo/status', '', { resource: 'namespaces', name: 'foo', subresource: 'status', verb: 'get' }],
    ['GET', '/api/v1/namespaces/ns1/configmaps', '', { resource: 'configmaps', namespace: 'ns1', name: '', verb: 'list' }],
    ['GET', '/api/v1/namespaces/ns1/configmaps', 'watch=true', { resource: 'configmaps', verb: 'watch' }],
    ['GET', '/api/v1/namespaces/ns1/configmaps', 'watch=1', { verb: 'watch' }],
    ['GET', '/api/v1/namespaces/ns1/configmaps', 'watch=True', { verb: 'watch' }],
    ['GET', '/api/v1/namespaces/ns1/configmaps', 'watch=FALSE', { verb: 'list' }],
    ['GET', '/api/v1/watch/namespaces/ns1/configmaps', '', { resource: 'configmaps', namespace: 'ns1', verb: 'watch' }],
    // The parameter makes watches of collections only; the legacy path watches one object too.
    ['GET', '/api/v1/namespaces/ns1/configmaps/one', 'watch=true', { name: 'one', verb: 'get' }],
    ['GET', '/api/v1/watch/namespaces/ns1/configmaps/one', '', { name: 'one', verb: 'watch' }],
    ['GET', '/api/v1/configmaps', '', { resource: 'configmaps', namespace: '', verb: 'list' }],
    ['POST', '/api/v1/namespaces/ns1/configmaps', '', { verb: 'create' }],
    ['PATCH', '/api/v1/namespaces/ns1/configmaps/a', '', { verb: 'patch', name: 'a' }],
    ['DELETE', '/api/v1/namespaces/ns1/configmaps/a', '', { verb: 'delete' }],
    ['DELETE', '/api/v1/namespaces/ns1/configmaps', '', { verb: 'deletecollection' }],
    ['GET', '/apis/events.k8s.io/v1/namespaces/ns1/events/e', '', { apiGroup: 'events.k8s.io', apiVersion: 'v1', resource: 'events', name: 'e', verb: 'get' }],
    // Empty segments are left out wherever they are, as upstream's splitPath does.
    ['GET', '//api//v1/namespaces/ns1//configmaps/a/', '', { apiVersion: 'v1', namespace: 'ns1', resource: 'configmaps', name: 'a', subresource: '', verb: 'get' }],
    ['GET', 'api/v1/namespaces/ns1/pods/p/proxy//x/y/', '', { namespace: 'ns1', resource: 'pods', name: 'p', subresource: 'proxy/x/y', verb: 'get' }],
    ['GET', '/apis/g.io/v1/watch/namespaces/ns1/things/', '', { apiGroup: 'g.io', namespace: 'ns1', resource: 'things', name: '', verb: 'watch' }],
  ];
  for (const [method, path, query, expected] of cases) {
    const info = parseRequestInfo(method, path, q(query));
    assert.equal(info.isResourceRequest, true, path);
    for (const [key, value] of Object.entries(expected)) assert.equal((info as unknown as Record<string, unknown>)[key], value, `${method} ${path} ${key}`);
  }
});

test('request info: discovery and other paths are non-resource requests', () => {
  for (const path of ['/api', '/api/v1', '/apis', '/apis/events.k8s.io', '/apis/events.k8s.io/v1', '/version', '/healthz', '/openapi/v2', '//api//v1/', '']) {
    const info = parseRequestInfo('GET', path, q());
    assert.equal(info.isResourceRequest, false, path);
    assert.equal(info.verb, 'get');
  }
});

test('request target: origin form is split at the first "?", absolute form is reduced to path and query', () => {
  const split = (target: string) => {
    const { path, query } = splitRequestTarget(target);
    return [path, query.toString()];
  };
  assert.deepEqual(split('/api/v1/namespaces'), ['/api/v1/namespaces', '']);
  assert.deepEqual(split('/api/v1/configmaps?labelSelector=a%3Db&limit=2'), ['/api/v1/configmaps', 'labelSelector=a%3Db&limit=2']);
  assert.equal(splitRequestTarget('/x?fieldSelector=a=b?c').query.get('fieldSelector'), 'a=b?c');
  assert.deepEqual(split('https://host:6443/api/v1/pods?watch=1'), ['/api/v1/pods', 'watch=1']);
});

test('long-running requests: watches, proxy, and the streaming subresources, also with a path after them', () => {
  const longRunning = (method: string, target: string): boolean => {
    const [path, query = ''] = target.split('?') as [string, string?];
    return isLongRunningRequest(parseRequestInfo(method, path, new URLSearchParams(query)));
  };
  assert.equal(longRunning('GET', '/api/v1/namespaces/d/pods?watch=1'), true);
  assert.equal(longRunning('GET', '/api/v1/namespaces/d/pods/p/log'), true);
  assert.equal(longRunning('GET', '/api/v1/namespaces/d/services/s/proxy/some/path'), true);
  assert.equal(longRunning('GET', '/api/v1/nodes/n/proxy/metrics'), true);
  assert.equal(longRunning('GET', '/api/v1/namespaces/d/pods/p/status'), false);
  assert.equal(longRunning('GET', '/api/v1/namespaces/d/pods'), false);
});

test('request targets: the path is percent-decoded as Go URL.Path; a bad escape is malformed', () => {
  assert.equal(splitRequestTarget('/api/v1/namespaces/a/configmaps/%2E%2E?x=%41').path, '/api/v1/namespaces/a/configmaps/..');
  assert.equal(splitRequestTarget('/api/v1/namespaces/a/config%6Daps/a%2Fb').path, '/api/v1/namespaces/a/configmaps/a/b');
  assert.equal(splitRequestTarget('/api/v1/namespaces/a/configmaps/a%20b').path, '/api/v1/namespaces/a/configmaps/a b');
  assert.equal(splitRequestTarget('/api/v1/namespaces/a/configmaps/%C3%A9').path, '/api/v1/namespaces/a/configmaps/é');
  assert.equal(splitRequestTarget('/api/v1/namespaces/a/configmaps/x?a=%zz').malformed, undefined);
  for (const bad of ['/api/v1/x/%zz', '/api/v1/x/%4', '/api/v1/x/%']) assert.equal(splitRequestTarget(bad).malformed, true, bad);
  assert.equal(unescapePath('/plain'), '/plain');
});
