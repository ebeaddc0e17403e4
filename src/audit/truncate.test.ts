import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventJson, type AuditEvent } from './event.js';
import { truncatedEvent } from './truncate.js';

const event = (level: AuditEvent['level'], requestObject?: unknown): AuditEvent => ({
  level, auditID: 'id', stage: 'ResponseComplete', requestURI: '/api/v1/namespaces/default/configmaps', verb: 'create', user: { username: 'u' },
  requestReceivedTimestamp: new Date(0), stageTimestamp: new Date(0), annotations: { a: 'b' }, ...(requestObject === undefined ? {} : { requestObject }),
});
const big = { data: { x: 'y'.repeat(2_000) } };

test('an event within truncate-max-event-size is kept as it is', () => {
  const e = event('Request', { small: true });
  assert.equal(truncatedEvent(e, { maxEventSize: 2_000, maxBatchSize: 10_000 }), e);
});

test('a larger one loses its objects and is annotated audit.k8s.io/truncated', () => {
  const e = event('RequestResponse', big);
  const truncated = truncatedEvent(e, { maxEventSize: 1_000, maxBatchSize: 10_000 });
  assert.equal(truncated?.requestObject, undefined);
  assert.deepEqual(truncated?.annotations, { a: 'b', 'audit.k8s.io/truncated': 'true' });
  assert.ok(Buffer.byteLength(eventJson(truncated!)) < 1_000);
  assert.equal(e.requestObject, big, 'the event other backends get is left alone');
});

test('a Metadata event too large, or one still too large without its objects, is dropped', () => {
  const metadata = { ...event('Metadata'), annotations: { a: 'z'.repeat(2_000) } };
  assert.equal(truncatedEvent(metadata, { maxEventSize: 1_000, maxBatchSize: 10_000 }), undefined);
  assert.equal(truncatedEvent({ ...event('Request', big), annotations: { a: 'z'.repeat(2_000) } }, { maxEventSize: 1_000, maxBatchSize: 10_000 }), undefined);
});
