import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadPolicyFile, parsePolicyFile, parsePolicyLine, type PolicySpec } from './policy.js';

const none: PolicySpec = { user: '', group: '', readonly: false, apiGroup: '', resource: '', namespace: '', nonResourcePath: '' };
const v1beta1 = (spec: Record<string, unknown>): string => JSON.stringify({ apiVersion: 'abac.authorization.kubernetes.io/v1beta1', kind: 'Policy', spec });

describe('parsePolicyLine', () => {
  const cases: { name: string; line: string; spec: Partial<PolicySpec>; versioned: boolean }[] = [
    { name: 'v1beta1 as written', line: v1beta1({ user: 'alice', namespace: 'projectCaribou', resource: 'pods', apiGroup: '*', readonly: true }),
      spec: { user: 'alice', namespace: 'projectCaribou', resource: 'pods', apiGroup: '*', readonly: true }, versioned: true },
    { name: 'v1beta1 non-resource path', line: v1beta1({ group: 'system:authenticated', readonly: true, nonResourcePath: '/version' }),
      spec: { group: 'system:authenticated', readonly: true, nonResourcePath: '/version' }, versioned: true },
    { name: 'v1beta1 user * is every authenticated user', line: v1beta1({ user: '*', group: 'ops', nonResourcePath: '*' }),
      spec: { group: 'system:authenticated', nonResourcePath: '*' }, versioned: true },
    { name: 'v1beta1 group *', line: v1beta1({ group: '*', resource: '*' }), spec: { group: 'system:authenticated', resource: '*' }, versioned: true },
    { name: 'v1beta1 without spec matches no one', line: '{"apiVersion":"abac.authorization.kubernetes.io/v1beta1","kind":"Policy"}', spec: {}, versioned: true },
    { name: 'v1beta1 ignores unknown fields', line: v1beta1({ user: 'bob', verbs: ['get'] }), spec: { user: 'bob' }, versioned: true },
    { name: 'v0 user, all namespaces, resources and groups', line: '{"user":"admin"}',
      spec: { user: 'admin', apiGroup: '*', resource: '*', namespace: '*', nonResourcePath: '*' }, versioned: false },
    { name: 'v0 without subject is every authenticated user', line: '{"readonly": true, "resource": "pods"}',
      spec: { group: 'system:authenticated', readonly: true, apiGroup: '*', resource: 'pods', namespace: '*' }, versioned: false },
    { name: 'v0 user * is every authenticated user', line: '{"user":"*","namespace":"ns1"}',
      spec: { group: 'system:authenticated', apiGroup: '*', resource: '*', namespace: 'ns1' }, versioned: false },
    { name: 'v0 explicitly versioned', line: '{"apiVersion":"abac.authorization.kubernetes.io/v0","kind":"Policy","group":"dev","namespace":"ns1","resource":"pods"}',
      spec: { group: 'dev', apiGroup: '*', resource: 'pods', namespace: 'ns1' }, versioned: true },
    { name: 'kind without apiVersion is v0', line: '{"kind":"Policy","user":"u"}', spec: { user: 'u', apiGroup: '*', resource: '*', namespace: '*', nonResourcePath: '*' }, versioned: false },
  ];
  for (const c of cases) {
    it(c.name, () => assert.deepEqual(parsePolicyLine(c.line), { spec: { ...none, ...c.spec }, versioned: c.versioned }));
  }

  const errors: { line: string; message: string }[] = [
    { line: '{"user":"alice"', message: "couldn't get version/kind; json parse error: unexpected end of JSON input" },
    { line: 'user=alice', message: "couldn't get version/kind; json parse error: invalid character 'u' looking for beginning of value" },
    { line: '[]', message: "couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct" },
    { line: '{"apiVersion":"v1","kind":"Policy"}', message: 'no kind "Policy" is registered for version "v1"' },
    { line: '{"apiVersion":"abac.authorization.kubernetes.io/v1beta1","kind":"Rule"}', message: 'no kind "Rule" is registered for version "abac.authorization.kubernetes.io/v1beta1"' },
    { line: '{"apiVersion":1}', message: "couldn't get version/kind; json parse error: json: cannot unmarshal number into Go struct field .apiVersion of type string" },
    { line: v1beta1({ readonly: 'yes' }), message: 'json: cannot unmarshal string into Go struct field PolicySpec.spec.readonly of type bool' },
    { line: v1beta1({ user: ['a'] }), message: 'json: cannot unmarshal array into Go struct field PolicySpec.spec.user of type string' },
    { line: '{"user":5}', message: 'json: cannot unmarshal number into Go struct field Policy.user of type string' },
  ];
  for (const { line, message } of errors) {
    it(`rejects ${line}`, () => assert.throws(() => parsePolicyLine(line), (error: Error) => error.message.startsWith(message)));
  }
});

describe('parsePolicyFile', () => {
  it('skips blank and comment lines, counts lines from 1, and warns of unversioned rules once', () => {
    const text = ['# policies', '', '   ', v1beta1({ user: 'a', resource: '*', namespace: '*', apiGroup: '*' }), '  # indented comment', '{"user":"b"}', '{"user":"c"}\r', ''].join('\n');
    const file = parsePolicyFile(text, '/etc/abac.jsonl');
    assert.deepEqual(file.policies.map((p) => p.user), ['a', 'b', 'c']);
    assert.deepEqual(file.warnings, ['Policy file /etc/abac.jsonl contained unversioned rules. See docs/admin/authorization.md#abac-mode for ABAC file format details.']);
    assert.deepEqual(parsePolicyFile(v1beta1({ user: 'a' }), 'p').warnings, []);
  });

  it('names the file, the line number and the line in errors', () => {
    assert.throws(() => parsePolicyFile('# ok\n{"user":"a"}\n{bad\n', '/p.jsonl'), {
      message: "error reading policy file /p.jsonl, line 3: {bad: couldn't get version/kind; json parse error: invalid character 'b' looking for beginning of object key string",
    });
    assert.throws(() => parsePolicyFile(`{"user":"${'x'.repeat(70_000)}"}`, '/p'), { message: 'error reading policy file /p: bufio.Scanner: token too long' });
  });

  it('reads a file, and words a missing one as Go does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kplane-abac-'));
    try {
      await writeFile(join(dir, 'policy.jsonl'), `${v1beta1({ user: 'a', nonResourcePath: '*' })}\n`);
      assert.equal((await loadPolicyFile(join(dir, 'policy.jsonl'))).policies.length, 1);
      await assert.rejects(loadPolicyFile(join(dir, 'missing')), { message: `open ${join(dir, 'missing')}: no such file or directory` });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
