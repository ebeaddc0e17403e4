import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiResponse } from './context.js';
import { ResponseBatch } from './response-batch.js';

/** A response that records its `end` calls in a shared log; `failing` throws as a broken socket's might. */
function response(name: string, log: string[], failing = false): ApiResponse {
  return {
    headersSent: true,
    statusCode: 200,
    writeHead: () => undefined,
    write: () => true,
    end: (chunk?: string | Uint8Array) => {
      if (failing) throw new Error('socket gone');
      log.push(`${name}:${chunk === undefined ? '-' : String(chunk)}`);
    },
    once: () => undefined,
    off: () => undefined,
  };
}

const checkPhase = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('response batch: with no request started this turn, a response ends at once', () => {
  const batch = new ResponseBatch();
  const log: string[] = [];
  batch.end(response('a', log), 'x');
  assert.deepEqual(log, ['a:x']);
});

test('response batch: responses finished in the turn that read their requests end together, in order, in its check phase', async () => {
  const batch = new ResponseBatch();
  const log: string[] = [];
  batch.requestStarted();
  batch.requestStarted();
  batch.end(response('a', log), 'x');
  await Promise.resolve(); // a handler's microtasks still belong to the read's callback
  batch.end(response('b', log), undefined);
  assert.deepEqual(log, []);
  await checkPhase();
  assert.deepEqual(log, ['a:x', 'b:-']);
  // The turn is closed: what finishes later (a group commit's answers) is written at once.
  batch.end(response('c', log), 'y');
  assert.deepEqual(log, ['a:x', 'b:-', 'c:y']);
});

test('response batch: an end that throws does not keep the others of the batch from ending', async () => {
  const batch = new ResponseBatch();
  const log: string[] = [];
  batch.requestStarted();
  batch.end(response('a', log, true), 'x');
  batch.end(response('b', log), 'y');
  await checkPhase();
  assert.deepEqual(log, ['b:y']);
});

test('response batch: a second end of one response follows its first (an error after the body was handed over)', async () => {
  const batch = new ResponseBatch();
  const log: string[] = [];
  const res = response('a', log);
  batch.requestStarted();
  batch.end(res, 'body');
  batch.end(res, undefined);
  await checkPhase();
  assert.deepEqual(log, ['a:body', 'a:-']);
});
