import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditPolicyErrors, loadAuditPolicy, type AuditPolicy } from './policy.js';

test('auditPolicyErrors: upstream ValidatePolicy messages', () => {
  const cases: [string, unknown, string[]][] = [
    ['valid', { rules: [{ level: 'Metadata', resources: [{ group: 'apps', resources: ['deployments'] }] }] }, []],
    ['missing level', { rules: [{}] }, ['rules[0].level: Required value']],
    ['unknown level', { rules: [{ level: 'All' }] }, ['rules[0].level: Unsupported value: "All": supported values: "None", "Metadata", "Request", "RequestResponse"']],
    ['URL without slash', { rules: [{ level: 'None', nonResourceURLs: ['healthz'] }] }, ["rules[0].nonResourceURLs[0]: Invalid value: \"healthz\": non-resource URL rules must begin with a '/' character"]],
    ['star inside', { rules: [{ level: 'None', nonResourceURLs: ['/a*/b'] }] }, ["rules[0].nonResourceURLs[0]: Invalid value: \"/a*/b\": non-resource URL wildcards '*' must be the final character of the rule"]],
    ['names without resources', { rules: [{ level: 'None', resources: [{ resourceNames: ['x'] }] }] }, ['rules[0].resources.resourceNames: Invalid value: []string{"x"}: using resourceNames requires at least one resource']],
    ['both kinds', { rules: [{ level: 'None', nonResourceURLs: ['/x'], namespaces: ['a'] }] }, ['rules[0].nonResourceURLs: Invalid value: []string{"/x"}: rules cannot apply to both regular resources and non-resource URLs']],
    ['bad stage', { omitStages: ['Later'], rules: [] }, ['omitStages[0]: Invalid value: "Later": allowed stages are RequestReceived,ResponseStarted,ResponseComplete,Panic']],
  ];
  for (const [name, policy, expected] of cases) assert.deepEqual(auditPolicyErrors(policy as AuditPolicy), expected, name);
});

test('loadAuditPolicy: YAML of audit.k8s.io/v1, at least one rule, the policy omitStages joined into each rule', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kplane-audit-policy-'));
  try {
    const file = join(dir, 'policy.yaml');
    await writeFile(file, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n  omitStages: [Panic]\n');
    assert.deepEqual((await loadAuditPolicy(file)).rules, [{ level: 'Metadata', omitStages: ['RequestReceived', 'Panic'] }]);
    await writeFile(file, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: []\n');
    await assert.rejects(loadAuditPolicy(file), new RegExp(`loaded illegal policy with 0 rules from file ${file}`));
    await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\n');
    await assert.rejects(loadAuditPolicy(file), /failed decoding file/);
    await assert.rejects(loadAuditPolicy(join(dir, 'missing.yaml')), /failed to read file path/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
