import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { UserInfo } from '../user-info.js';
import { loadTokenFile, parseTokenFile, tokenFileAuthenticator } from './token-file.js';

describe('parseTokenFile', () => {
  const cases: { name: string; line: string; token: string; user: UserInfo }[] = [
    { name: 'three columns', line: 'tok1,alice,u-1', token: 'tok1', user: { name: 'alice', uid: 'u-1', groups: [] } },
    { name: 'one group', line: 'tok2,bob,u-2,dev', token: 'tok2', user: { name: 'bob', uid: 'u-2', groups: ['dev'] } },
    {
      name: 'quoted group list',
      line: 'tok3,carol,u-3,"system:masters,dev,ops"',
      token: 'tok3',
      user: { name: 'carol', uid: 'u-3', groups: ['system:masters', 'dev', 'ops'] },
    },
    { name: 'further columns are ignored, as upstream', line: 'tok4,dan,u-4,a,"b,c"', token: 'tok4', user: { name: 'dan', uid: 'u-4', groups: ['a'] } },
    { name: 'empty uid dropped, empty group column kept as upstream splits it', line: 'tok5,erin,,""', token: 'tok5', user: { name: 'erin', groups: [''] } },
    { name: 'spaces are part of names', line: 'tok7, frank ,u-7,"a, b"', token: 'tok7', user: { name: ' frank ', uid: 'u-7', groups: ['a', ' b'] } },
    { name: 'quoted user with comma', line: 'tok6,"last, first",u-6', token: 'tok6', user: { name: 'last, first', uid: 'u-6', groups: [] } },
  ];
  for (const { name, line, token, user } of cases) {
    it(name, () => {
      const file = parseTokenFile(`${line}\n`, 'tokens.csv');
      assert.deepEqual([...file.tokens], [[token, user]]);
      assert.deepEqual(file.warnings, []);
    });
  }

  it('skips empty tokens and lets a duplicate replace the earlier line, with warnings', () => {
    const file = parseTokenFile('a,alice,1\n,nobody,2\na,again,3\n', 'tokens.csv');
    assert.deepEqual([...file.tokens], [['a', { name: 'again', uid: '3', groups: [] }]]);
    assert.equal(file.warnings.length, 2);
    assert.match(file.warnings[0] ?? '', /empty token .* line 2/);
    assert.match(file.warnings[1] ?? '', /duplicate token .* line 3/);
    assert.ok(!file.warnings.some((w) => w.includes('alice')), 'lines are named by number only');
  });

  const malformed: { name: string; content: string; message: RegExp }[] = [
    { name: 'too few columns', content: 'a,alice,1\nsecret,bob\n', message: /^token file 'tokens.csv', line 2: must have at least 3 columns \(token, user name, user uid\), found 2$/ },
    { name: 'bare quote', content: 'a,alice,1\nb,b"ob,2\n', message: /^token file 'tokens.csv': parse error on line 2, column 4: bare " in non-quoted-field$/ },
    { name: 'unterminated quote', content: 'a,alice,1,"g1,g2\n', message: /^token file 'tokens.csv': record on line 1; parse error on line 2, column 1: extraneous or missing " in quoted-field$/ },
  ];
  for (const { name, content, message } of malformed) {
    it(`rejects ${name}`, () => assert.throws(() => parseTokenFile(content, 'tokens.csv'), { message }));
  }

  it('never puts a token into an error message', () => {
    assert.throws(() => parseTokenFile('supersecret,bob\n', 'f'), (error: Error) => !error.message.includes('supersecret'));
  });
});

describe('loadTokenFile and tokenFileAuthenticator', () => {
  it('reads the file and looks tokens up', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kplane-tokens-'));
    try {
      const path = join(dir, 'tokens.csv');
      await writeFile(path, 'abc123,admin,admin-uid,"system:masters"\n');
      const authenticate = tokenFileAuthenticator(await loadTokenFile(path));
      assert.deepEqual(await authenticate('abc123'), { name: 'admin', uid: 'admin-uid', groups: ['system:masters'] });
      assert.equal(await authenticate('abc124'), undefined);
      assert.equal(await authenticate(''), undefined);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails clearly for a missing file', async () => {
    await assert.rejects(loadTokenFile('/nonexistent/tokens.csv'), /ENOENT/);
  });
});
