import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flattenedVerify } from 'jose';
import { detachedSignature, secretKeyedSignature } from './jws.js';

describe('detachedSignature', () => {
  const content = 'apiVersion: v1\nclusters:\n- cluster:\n    server: https://127.0.0.1:6443\n  name: ""\n';

  it('is a compact JWS without payload that jose verifies with the full token as HS256 key (the spec)', async () => {
    const sig = await detachedSignature(content, 'abcdef', '0123456789abcdef');
    const [header, payload, signature] = sig.split('.');
    assert.equal(payload, '');
    assert.equal(Buffer.from(header!, 'base64url').toString(), '{"alg":"HS256","kid":"abcdef"}');
    // The verifier's side, as a client holding the token does it: put the base64url payload back.
    // jose wants HS256 keys of at least 32 bytes: the token padded with zero bytes (HMAC pads keys so).
    const key = new Uint8Array(32);
    key.set(new TextEncoder().encode('abcdef.0123456789abcdef'));
    const verified = await flattenedVerify({ protected: header!, payload: Buffer.from(content).toString('base64url'), signature: signature! }, key);
    assert.equal(new TextDecoder().decode(verified.payload), content);
    await assert.rejects(flattenedVerify({ protected: header!, payload: Buffer.from(`${content}x`).toString('base64url'), signature: signature! }, key));
    await assert.rejects(flattenedVerify({ protected: header!, payload: Buffer.from(content).toString('base64url'), signature: signature! }, new TextEncoder().encode('abcdef.0123456789abcdee'.padEnd(32, '\0'))));
  });

  it("upstream's secret-keyed variant matches its known answer (cluster-bootstrap's jws test vector)", async () => {
    assert.equal(
      await secretKeyedSignature('Hello from the other side. I must have called a thousand times.', 'joshua', 'my voice is my passcode'),
      'eyJhbGciOiJIUzI1NiIsImtpZCI6Impvc2h1YSJ9..VShe2taLd-YTrmWuRkcL_8QTNDHYxQIEBsAYYiIj1_8',
    );
  });

  it('is deterministic (the signer compares it to decide whether to write)', async () => {
    assert.equal(await detachedSignature(content, 'abcdef', '0123456789abcdef'), await detachedSignature(content, 'abcdef', '0123456789abcdef'));
  });
});
