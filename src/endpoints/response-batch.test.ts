import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiResponse, HttpRequest } from './context.js';
import { ResponseBatch } from './response-batch.js';

/** A request context whose response records its `end` calls in a shared log; `failing` throws (a bug). */
function response(name: string, log: string[], failing = false, httpVersionMajor = 1): { req: HttpRequest; res: ApiResponse } {
  const res: ApiResponse = {
    headersSent: true,
    statusCode: 200,
    writeHead: () => undefined,
    setHeader: () => undefined,
    hasHeader: () => false,
    write: () => true,
    end: (chunk?: string | Uint8Array) => {
      if (failing) throw new Error('socket gone');
      log.push(`${name}:${chunk === undefined ? '-' : String(chunk)}`);
    },
    once: () => undefined,
    off: () => undefined,
    destroy: () => undefined,
    writableEnded: false,
  };
  return { req: { httpVersionMajor } as HttpRequest, res };
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

test('response batch: an HTTP/2 response ends at once (its HEADERS already left; the session batches writes itself)', async () => {
  const batch = new ResponseBatch();
  const log: string[] = [];
  batch.requestStarted();
  batch.end(response('h1', log), 'x');
  batch.end(response('h2', log, false, 2), 'y');
  assert.deepEqual(log, ['h2:y']);
  await checkPhase();
  assert.deepEqual(log, ['h2:y', 'h1:x']);
});

test('response batch: an end that throws does not keep the others of the batch from ending', async (t) => {
  const errors = t.mock.method(console, 'error', () => undefined);
  const batch = new ResponseBatch();
  const log: string[] = [];
  batch.requestStarted();
  batch.end(response('a', log, true), 'x');
  batch.end(response('b', log), 'y');
  await checkPhase();
  assert.deepEqual(log, ['b:y']);
  assert.equal(errors.mock.callCount(), 1);
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
