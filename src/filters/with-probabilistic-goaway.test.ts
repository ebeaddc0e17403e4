import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestContext } from '../endpoints/context.js';
import { withProbabilisticGoaway } from './with-probabilistic-goaway.js';

/** A context whose request is HTTP/`major`, counting the closes of its HTTP/2 session. */
function context(major: number): { ctx: RequestContext; closes: () => number } {
  let closes = 0;
  const session = { closed: false, close: () => void closes++ };
  const ctx = { req: { httpVersionMajor: major, stream: { session } } } as unknown as RequestContext;
  return { ctx, closes: () => closes };
}

test('a drawn HTTP/2 request closes its session gracefully; the request goes on either way', async () => {
  const cases = [
    { major: 2, draw: 0.01, chance: 0.02, closes: 1 },
    { major: 2, draw: 0.02, chance: 0.02, closes: 0 }, // upstream: next() < chance
    { major: 1, draw: 0, chance: 0.02, closes: 0 }, // HTTP/1 is left alone
  ];
  for (const c of cases) {
    const { ctx, closes } = context(c.major);
    let served = 0;
    await withProbabilisticGoaway(async () => void served++, c.chance, () => c.draw)(ctx);
    assert.deepEqual([served, closes()], [1, c.closes], JSON.stringify(c));
  }
});

test('a chance of 0 adds no filter', () => {
  const handler = async (): Promise<void> => undefined;
  assert.equal(withProbabilisticGoaway(handler, 0), handler);
});
