import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { mandatoryFlowSchemas, suggestedFlowSchemas } from './bootstrap.js';
import { defaultFlowSchema } from './defaults.js';
import { validateFlowSchema } from './flowschema-validation.js';
import type { FlowSchema } from './schemas.generated.js';

const base = (): FlowSchema => ({
  apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2',
  kind: 'FlowSchema',
  metadata: { name: 'custom' },
  spec: {
    priorityLevelConfiguration: { name: 'workload-low' },
    matchingPrecedence: 500,
    distinguisherMethod: { type: 'ByUser' },
    rules: [
      {
        subjects: [{ kind: 'User', user: { name: 'alice' } }],
        resourceRules: [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'], namespaces: ['default'] }],
        nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/apis/*'] }],
      },
    ],
  },
});

const rule = (fs: FlowSchema) => fs.spec!.rules![0]!;

const cases: { name: string; mutate: (fs: FlowSchema) => void; errors: string[] }[] = [
  { name: 'valid', mutate: () => {}, errors: [] },
  {
    name: 'matchingPrecedence range and 1 reserved for exempt',
    mutate: (fs) => (fs.spec!.matchingPrecedence = 1),
    errors: ["spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1"],
  },
  { name: 'matchingPrecedence too large', mutate: (fs) => (fs.spec!.matchingPrecedence = 10001), errors: ['spec.matchingPrecedence: Invalid value: 10001: must not be greater than 10000'] },
  { name: 'matchingPrecedence negative', mutate: (fs) => (fs.spec!.matchingPrecedence = -1), errors: ['spec.matchingPrecedence: Invalid value: -1: must be a positive value'] },
  {
    name: 'distinguisher method',
    mutate: (fs) => (fs.spec!.distinguisherMethod = { type: 'ByFoo' }),
    errors: ['spec.distinguisherMethod.type: Unsupported value: flowcontrol.FlowDistinguisherMethod{Type:"ByFoo"}: supported values: "ByNamespace", "ByUser"'],
  },
  {
    name: 'priority level reference',
    mutate: (fs) => (fs.spec!.priorityLevelConfiguration = { name: '' }),
    errors: ['spec.priorityLevelConfiguration.name: Required value: must reference a priority level'],
  },
  {
    name: 'subjects and rules required',
    mutate: (fs) => (fs.spec!.rules = [{ subjects: [] }]),
    errors: [
      'spec.rules[0].subjects: Required value: subjects must contain at least one value',
      'spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty',
    ],
  },
  {
    name: 'subject kinds and members',
    mutate: (fs) =>
      (rule(fs).subjects = [
        { kind: 'User', group: { name: 'g' } },
        { kind: 'ServiceAccount', serviceAccount: { name: 'Bad_Name', namespace: '' } },
        { kind: 'Robot' },
      ]),
    errors: [
      "spec.rules[0].subjects[0].user: Required value: user is required when subject kind is 'User'",
      "spec.rules[0].subjects[0].group: Forbidden: group is forbidden when subject kind is not 'Group'",
      `spec.rules[0].subjects[1].serviceAccount.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      'spec.rules[0].subjects[1].serviceAccount.namespace: Required value: must specify namespace for service account',
      'spec.rules[0].subjects[2].kind: Unsupported value: "Robot": supported values: "Group", "ServiceAccount", "User"',
    ],
  },
  {
    name: 'resource rule lists',
    mutate: (fs) => (rule(fs).resourceRules = [{ verbs: ['get', 'fly'], apiGroups: ['*', 'apps'], resources: [], namespaces: ['*', 'x'] }]),
    errors: [
      'spec.rules[0].resourceRules[0].verbs: Unsupported value: []string{"get", "fly"}: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"',
      `spec.rules[0].resourceRules[0].apiGroups: Invalid value: []string{"*", "apps"}: if '*' is present, must not specify other api groups`,
      'spec.rules[0].resourceRules[0].resources: Required value: resource rules must supply at least one resource',
      `spec.rules[0].resourceRules[0].namespaces: Invalid value: []string{"*", "x"}: if '*' is present, must not specify other namespaces`,
    ],
  },
  {
    name: 'namespaces required unless cluster scoped; each a DNS label',
    mutate: (fs) =>
      (rule(fs).resourceRules = [
        { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
        { verbs: ['*', 'get'], apiGroups: ['*'], resources: ['*'], namespaces: ['Bad'] },
        { verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true },
      ]),
    errors: [
      'spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace',
      `spec.rules[0].resourceRules[1].verbs: Invalid value: []string{"*", "get"}: if '*' is present, must not specify other verbs`,
      `spec.rules[0].resourceRules[1].namespaces[0]: Invalid value: "Bad": each member of this list must be '*' or a DNS-1123 label; a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    ],
  },
  {
    name: 'non-resource URLs',
    mutate: (fs) => (rule(fs).nonResourceRules = [{ verbs: [], nonResourceURLs: ['healthz', '/a b', '/a//b', '/a*', '/*/x/*', '/ok/*'] }]),
    errors: [
      'spec.rules[0].nonResourceRules[0].verbs: Required value: verbs must contain at least one value',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "healthz": must start with slash',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[1]: Invalid value: "/a b": must not contain white-space',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[2]: Invalid value: "/a//b": must not contain double slash',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[3]: Invalid value: "/a*": wildcard can only do suffix matching',
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[4]: Invalid value: "/*/x/*": wildcard can only do suffix matching',
    ],
  },
  {
    name: 'status condition types',
    mutate: (fs) => (fs.status = { conditions: [{ type: 'Dangling' }, { type: 'Dangling' }, { type: '' }] }),
    errors: [
      'status.conditions[1].type: Duplicate value: "Dangling"',
      'status.conditions[2].type: Required value: must not be empty',
    ],
  },
];

for (const c of cases) {
  test(`validateFlowSchema: ${c.name}`, () => {
    const fs = base();
    c.mutate(fs);
    assert.deepEqual(validateFlowSchema(fs).map(fieldErrorMessage), c.errors);
  });
}

test('bootstrap flow schemas are valid and already defaulted', () => {
  for (const fs of [...mandatoryFlowSchemas(), ...suggestedFlowSchemas()]) {
    const defaulted = structuredClone(fs);
    defaultFlowSchema(defaulted);
    assert.deepEqual(defaulted, fs, fs.metadata.name);
    assert.deepEqual(validateFlowSchema(fs), [], fs.metadata.name);
  }
});

test('the mandatory flow schemas keep their fixed spec', () => {
  const exempt = mandatoryFlowSchemas().find((fs) => fs.metadata.name === 'exempt')!;
  exempt.spec!.rules![0]!.resourceRules![0]!.clusterScope = false;
  const errors = validateFlowSchema(exempt).map(fieldErrorMessage);
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /^spec: Invalid value: flowcontrol\.FlowSchemaSpec\{PriorityLevelConfiguration:flowcontrol\.PriorityLevelConfigurationReference\{Name:"exempt"\}, MatchingPrecedence:1, DistinguisherMethod:\(\*flowcontrol\.FlowDistinguisherMethod\)\(nil\), Rules:\[\]flowcontrol\.PolicyRulesWithSubjects\{.*\}: spec of 'exempt' must equal the fixed value$/);
  // Zero values and empty lists equal absent ones (upstream semantic equality).
  const again = mandatoryFlowSchemas().find((fs) => fs.metadata.name === 'catch-all')!;
  again.spec!.rules![0]!.resourceRules![0]!.namespaces = ['*'];
  (again.spec as Record<string, unknown>)['extra'] = undefined;
  assert.deepEqual(validateFlowSchema(again), []);
});

test('matchingPrecedence defaults to 1000, also without a spec', () => {
  const fs = base();
  delete fs.spec!.matchingPrecedence;
  defaultFlowSchema(fs);
  assert.equal(fs.spec!.matchingPrecedence, 1000);
  const empty = base();
  delete empty.spec;
  defaultFlowSchema(empty);
  assert.deepEqual(validateFlowSchema(empty).map(fieldErrorMessage), ['spec.priorityLevelConfiguration.name: Required value: must reference a priority level']);
});
