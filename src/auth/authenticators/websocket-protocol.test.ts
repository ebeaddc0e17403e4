import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { describe, it } from 'node:test';
import { tokenUnion } from './bearer-token.js';
import { bearerProtocolPrefix, webSocketProtocolAuthenticator } from './websocket-protocol.js';

const alice = { name: 'alice', groups: [] };
const authenticate = webSocketProtocolAuthenticator(tokenUnion([(token) => (token === 'good' ? { user: alice } : undefined)]));
const encoded = (token: string): string => `${bearerProtocolPrefix}${Buffer.from(token).toString('base64url')}`;
const upgrade = { connection: 'keep-alive, Upgrade', upgrade: 'websocket' };

describe('webSocketProtocolAuthenticator', () => {
  const cases: { name: string; headers: IncomingHttpHeaders; expected: unknown; protocolsAfter?: string }[] = [
    { name: 'a token beside another subprotocol', headers: { ...upgrade, 'sec-websocket-protocol': `${encoded('good')}, v4.channel.k8s.io` }, expected: { kind: 'authenticated', user: alice }, protocolsAfter: 'v4.channel.k8s.io' },
    { name: 'an unknown token', headers: { ...upgrade, 'sec-websocket-protocol': `${encoded('bad')}, v4.channel.k8s.io` }, expected: { kind: 'rejected', reason: 'invalid bearer token' } },
    { name: 'no other subprotocol', headers: { ...upgrade, 'sec-websocket-protocol': encoded('good') }, expected: { kind: 'rejected', reason: 'missing additional subprotocol' } },
    { name: 'two tokens', headers: { ...upgrade, 'sec-websocket-protocol': `${encoded('good')},${encoded('good')},x` }, expected: { kind: 'rejected', reason: 'multiple base64.bearer.authorization tokens specified' } },
    { name: 'padding is not base64url', headers: { ...upgrade, 'sec-websocket-protocol': `${bearerProtocolPrefix}Z29vZA==,x` }, expected: { kind: 'rejected', reason: 'invalid base64.bearer.authorization token encoding' } },
    { name: 'not a WebSocket upgrade', headers: { 'sec-websocket-protocol': `${encoded('good')},x` }, expected: { kind: 'none' } },
    { name: 'no token subprotocol', headers: { ...upgrade, 'sec-websocket-protocol': 'v4.channel.k8s.io' }, expected: { kind: 'none' } },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const request = { headers: { ...c.headers }, socket: undefined };
      assert.deepEqual(await authenticate(request), c.expected);
      if (c.protocolsAfter !== undefined) assert.equal(request.headers['sec-websocket-protocol'], c.protocolsAfter);
    });
  }
});
