import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildVersionInfo } from './version.js';

describe('buildVersionInfo', () => {
  it('serves Kubernetes 1.25 with every version.Info field', () => {
    const info = buildVersionInfo();
    assert.deepEqual(Object.keys(info), ['major', 'minor', 'gitVersion', 'gitCommit', 'gitTreeState', 'buildDate', 'goVersion', 'compiler', 'platform']);
    assert.equal(info.major, '1');
    assert.equal(info.minor, '25');
    assert.match(info.gitVersion, /^v1\.25\.\d+/);
    assert.match(info.platform, /^[a-z0-9]+\/[a-z0-9]+$/);
  });
  it('takes build facts as overrides', () => {
    assert.equal(buildVersionInfo({ gitCommit: 'abc' }).gitCommit, 'abc');
  });
});
