import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextWriteStage, writesBetweenStages } from './write-stages.js';

test('writes that reach a stage boundary in one turn run each stage together, in the order they came', async () => {
  const trace: string[] = [];
  const write = async (name: string): Promise<void> => {
    trace.push(`${name}:parse`);
    await nextWriteStage();
    trace.push(`${name}:decode`);
    await nextWriteStage();
    trace.push(`${name}:validate`);
  };
  const all = Promise.all([write('a'), write('b'), write('c')]);
  assert.equal(writesBetweenStages(), true);
  await all;
  assert.deepEqual(trace, ['a:parse', 'b:parse', 'c:parse', 'a:decode', 'b:decode', 'c:decode', 'a:validate', 'b:validate', 'c:validate']);
  assert.equal(writesBetweenStages(), false);
});

test('a boundary resolves in the check phase of its turn, after the microtasks already queued', async () => {
  const trace: string[] = [];
  const stage = nextWriteStage().then(() => trace.push('next stage'));
  setImmediate(() => trace.push('same turn'));
  queueMicrotask(() => trace.push('microtask'));
  await stage;
  assert.deepEqual(trace, ['microtask', 'next stage']);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(trace, ['microtask', 'next stage', 'same turn']);
});
