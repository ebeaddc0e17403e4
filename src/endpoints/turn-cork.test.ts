import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TurnCork } from './turn-cork.js';

const nextTick = (): Promise<void> => new Promise((resolve) => process.nextTick(resolve));

function recordingResponse() {
  const calls: string[] = [];
  return { calls, res: { cork: () => calls.push('cork'), uncork: () => calls.push('uncork') } };
}

test('writes of one turn share one cork, released after the turn', async () => {
  const { calls, res } = recordingResponse();
  const turn = new TurnCork(res);
  turn.cork();
  await Promise.resolve(); // later microtasks of the same turn (the next watch events)
  turn.cork();
  turn.cork();
  assert.deepEqual(calls, ['cork']);
  await nextTick();
  assert.deepEqual(calls, ['cork', 'uncork']);
  turn.cork(); // a later turn corks again
  await nextTick();
  assert.deepEqual(calls, ['cork', 'uncork', 'cork', 'uncork']);
});

test('a response without cork is written as it goes', async () => {
  const turn = new TurnCork({});
  assert.doesNotThrow(() => turn.cork());
  await nextTick();
  assert.doesNotThrow(() => turn.cork());
});
