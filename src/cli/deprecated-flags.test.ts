// pflag's deprecated flags in `kplane serve`: an alias sets its flag's value, prints pflag's notice at each use that
// parses, and is left out of the help.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FlagError, parseServeFlags, serveUsage } from './flags.js';

describe('deprecated flags', () => {
  const backoff = (args: string[], warn: (notice: string) => void = () => {}): number | undefined => parseServeFlags(['--audit-webhook-config-file=w.yaml', ...args], warn).audit?.webhookInitialBackoffMs;
  const NOTICE = 'Flag --audit-webhook-batch-initial-backoff has been deprecated, Deprecated, use --audit-webhook-initial-backoff instead.';

  it('--audit-webhook-batch-initial-backoff sets --audit-webhook-initial-backoff, with pflag\'s notice at each use', () => {
    const notices: string[] = [];
    assert.equal(backoff(['--audit-webhook-batch-initial-backoff=5s', '--audit-webhook-batch-initial-backoff', '6s'], (n) => notices.push(n)), 6_000);
    assert.deepEqual(notices, [NOTICE, NOTICE]);
  });

  it('both spellings set one value: the last on the command line wins', () => {
    assert.equal(backoff(['--audit-webhook-initial-backoff=3s', '--audit-webhook-batch-initial-backoff=5s']), 5_000);
    assert.equal(backoff(['--audit-webhook-batch-initial-backoff=5s', '--audit-webhook-initial-backoff=3s']), 3_000);
  });

  it('a value that does not parse is the deprecated flag\'s error, without the notice', () => {
    const notices: string[] = [];
    assert.throws(() => backoff(['--audit-webhook-batch-initial-backoff=soon'], (n) => notices.push(n)), (error: unknown) => {
      assert.ok(error instanceof FlagError);
      assert.match(error.message, /^invalid argument "soon" for "--audit-webhook-batch-initial-backoff" flag: /);
      return true;
    });
    assert.deepEqual(notices, []);
  });

  it('is left out of the help', () => {
    assert.doesNotMatch(serveUsage(), /audit-webhook-batch-initial-backoff/);
    assert.match(serveUsage(), /--audit-webhook-initial-backoff duration/);
  });
});
