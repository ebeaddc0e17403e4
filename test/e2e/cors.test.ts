// --cors-allowed-origins (upstream's WithCORS): an origin matching a pattern gets the CORS headers on every answer,
// and its preflight OPTIONS is answered 204 before authentication; other origins and requests without Origin
// pass untouched; a pattern that does not compile stops the start.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';
import type { RawResponse } from './support/raw-client.js';
import { startServer } from '../../src/server/start-server.js';

const CORS = {
  'access-control-allow-methods': 'POST, GET, OPTIONS, PUT, DELETE, PATCH',
  'access-control-allow-headers': 'Content-Type, Content-Length, Accept-Encoding, X-CSRF-Token, Authorization, X-Requested-With, If-Modified-Since',
  'access-control-expose-headers': 'Date',
  'access-control-allow-credentials': 'true',
};

const corsHeadersOf = (answer: RawResponse): Record<string, string | string[] | undefined> =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name.startsWith('access-control-')));

describe('--cors-allowed-origins', () => {
  const fixture = useCluster({ corsAllowedOrigins: ['//localhost(:|$)', '(?i)^https://dashboard\\.example\\.com$'] });

  test('an allowed origin gets the CORS headers with its own origin, on success and on error', async () => {
    for (const origin of ['http://localhost:8001', 'https://DASHBOARD.example.com']) {
      const ok = await fixture.client.request('GET', '/api/v1/namespaces/default', { headers: { origin } });
      const missing = await fixture.client.request('GET', '/api/v1/namespaces/default/configmaps/absent', { headers: { origin } });
      assert.deepEqual([ok.status, missing.status], [200, 404]);
      for (const answer of [ok, missing]) assert.deepEqual(corsHeadersOf(answer), { 'access-control-allow-origin': origin, ...CORS });
    }
  });

  test('a preflight of an allowed origin is 204 before authentication', async () => {
    const preflight = await fixture.client.request('OPTIONS', '/api/v1/namespaces/default/pods', {
      anonymous: true, headers: { origin: 'http://localhost', authorization: 'Bearer not-a-token', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.body, '');
    assert.deepEqual(corsHeadersOf(preflight), { 'access-control-allow-origin': 'http://localhost', ...CORS });
    assert.ok(preflight.headers['audit-id']);
  });

  test('other origins and requests without Origin get no CORS headers; their OPTIONS is not a preflight', async () => {
    const other = await fixture.client.request('GET', '/api/v1/namespaces/default', { headers: { origin: 'https://localhost.evil.example' } });
    const none = await fixture.client.request('GET', '/api/v1/namespaces/default');
    const otherOptions = await fixture.client.request('OPTIONS', '/api/v1/namespaces/default/pods', { headers: { origin: 'https://evil.example' } });
    assert.equal(other.status, 200);
    assert.equal(none.status, 200);
    assert.notEqual(otherOptions.status, 204);
    for (const answer of [other, none, otherOptions]) assert.deepEqual(corsHeadersOf(answer), {});
  });
});

test('a pattern that does not compile stops the start with upstream\'s words', async () => {
  await assert.rejects(startServer({ storage: 'memory', securePort: 0, corsAllowedOrigins: ['//localhost', '(unclosed'] }), (error: unknown) => {
    assert.match((error as Error).message, /^Invalid CORS allowed origin, --cors-allowed-origins flag was set to \/\/localhost,\(unclosed - error parsing regexp: /);
    return true;
  });
});
