import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { watchEvents, type WatchBatch } from './watch-stream.js';

const frame = (type: string, name: string): string => `${JSON.stringify({ type, object: { metadata: { name } } })}\n`;

/** The batches read from `chunks`, each as `TYPE name` strings, and the error the reading ended with. */
async function read(chunks: string[]): Promise<{ batches: string[][]; error?: unknown }> {
  const body = (async function* () {
    for (const chunk of chunks) yield Buffer.from(chunk);
  })();
  const batches: string[][] = [];
  const names = (batch: WatchBatch): string[] => batch.map((event) => `${event.type} ${event.object.metadata.name}`);
  try {
    for await (const batch of watchEvents(body)) batches.push(names(batch));
  } catch (error) {
    return { batches, error };
  }
  return { batches };
}

describe('watchEvents', () => {
  it('gives the events each chunk completes as one batch; a frame split across chunks comes with the chunk that ends it', async () => {
    const second = frame('MODIFIED', 'b');
    const { batches } = await read([frame('ADDED', 'a') + second.slice(0, 10), second.slice(10) + frame('DELETED', 'c') + '\n', frame('ADDED', 'd').trimEnd()]);
    assert.deepEqual(batches, [['ADDED a'], ['MODIFIED b', 'DELETED c'], ['ADDED d']]);
  });

  it('keeps a character split between chunks whole', async () => {
    const bytes = Buffer.from(frame('ADDED', 'é'));
    const body = (async function* () {
      const at = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
      yield bytes.subarray(0, at);
      yield bytes.subarray(at);
    })();
    const names: string[] = [];
    for await (const batch of watchEvents(body)) names.push(...batch.map((event) => event.object.metadata.name ?? ''));
    assert.deepEqual(names, ['é']);
  });

  it('delivers the events before an ERROR, then throws its Status', async () => {
    const error = `${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'too old resource version: 1 (5)', reason: 'Expired', code: 410 } })}\n`;
    const result = await read([frame('ADDED', 'a') + frame('ADDED', 'b') + error + frame('ADDED', 'never')]);
    assert.deepEqual(result.batches, [['ADDED a', 'ADDED b']]);
    assert.ok(isStatusError(result.error) && result.error.status.code === 410 && result.error.status.reason === 'Expired');
  });

  it('delivers the events before a frame the stream was cut inside (in a character too), then throws', async () => {
    for (const cut of [frame('ADDED', 'é').indexOf('é') + 1, 20]) {
      const bytes = Buffer.from(frame('ADDED', 'a') + frame('ADDED', 'é'));
      const body = (async function* () {
        yield bytes.subarray(0, Buffer.byteLength(frame('ADDED', 'a')) + cut);
      })();
      const names: string[] = [];
      const failure = await (async () => {
        for await (const batch of watchEvents(body)) names.push(...batch.map((event) => event.object.metadata.name ?? ''));
      })().then(() => undefined, (error: unknown) => error);
      assert.deepEqual(names, ['a'], `cut at ${cut}`);
      assert.ok(failure instanceof SyntaxError, `cut at ${cut}`);
    }
  });

  it('fails a last line that is whole JSON but ends in the first byte of a character', async () => {
    const body = (async function* () {
      yield Buffer.concat([Buffer.from(frame('ADDED', 'a') + frame('ADDED', 'b').trimEnd()), Buffer.from([0xc3])]);
    })();
    const names: string[] = [];
    const failure = await (async () => {
      for await (const batch of watchEvents(body)) names.push(...batch.map((event) => event.object.metadata.name ?? ''));
    })().then(() => undefined, (error: unknown) => error);
    assert.deepEqual(names, ['a']);
    assert.ok(failure instanceof SyntaxError);
  });

  it('delivers the events before a line that is no JSON, then throws', async () => {
    const result = await read([frame('ADDED', 'a') + frame('ADDED', 'b') + '{bad\n']);
    assert.deepEqual(result.batches, [['ADDED a', 'ADDED b']]);
    assert.ok(result.error instanceof SyntaxError);
  });
});
