import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuthenticationResult, Authenticator } from './authenticator.js';
import { unionAuthenticator } from './union.js';

const fixed = (result: AuthenticationResult): Authenticator => () => result;
const request = { headers: {}, socket: undefined };
const alice = { name: 'alice', groups: ['dev'] };

describe('unionAuthenticator', () => {
  const cases: { name: string; results: AuthenticationResult[]; expected: AuthenticationResult }[] = [
    { name: 'no methods', results: [], expected: { kind: 'none' } },
    {
      name: 'first success wins and gets system:authenticated',
      results: [{ kind: 'none' }, { kind: 'authenticated', user: alice }, { kind: 'authenticated', user: { name: 'bob', groups: [] } }],
      expected: { kind: 'authenticated', user: { name: 'alice', groups: ['dev', 'system:authenticated'] } },
    },
    {
      name: 'success after a rejection still wins',
      results: [{ kind: 'rejected', reason: 'bad cert' }, { kind: 'authenticated', user: alice }],
      expected: { kind: 'authenticated', user: { name: 'alice', groups: ['dev', 'system:authenticated'] } },
    },
    {
      name: 'a rejection without success is a rejection',
      results: [{ kind: 'none' }, { kind: 'rejected', reason: 'invalid bearer token' }],
      expected: { kind: 'rejected', reason: 'invalid bearer token' },
    },
    {
      name: 'all reasons are kept',
      results: [{ kind: 'rejected', reason: 'one' }, { kind: 'rejected', reason: 'two' }],
      expected: { kind: 'rejected', reason: '[one, two]' },
    },
    {
      name: 'system:authenticated is not added twice',
      results: [{ kind: 'authenticated', user: { name: 'x', groups: ['system:authenticated'] } }],
      expected: { kind: 'authenticated', user: { name: 'x', groups: ['system:authenticated'] } },
    },
    {
      name: 'warnings are carried',
      results: [{ kind: 'none', warnings: ['w1'] }, { kind: 'none' }],
      expected: { kind: 'none', warnings: ['w1'] },
    },
  ];
  for (const { name, results, expected } of cases) {
    it(name, async () => assert.deepEqual(await unionAuthenticator(results.map(fixed))(request), expected));
  }

  it('stops at the first success', async () => {
    let called = false;
    const union = unionAuthenticator([fixed({ kind: 'authenticated', user: alice }), () => ((called = true), { kind: 'none' })]);
    await union(request);
    assert.equal(called, false);
  });
});
