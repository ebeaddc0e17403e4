import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { apiServiceDefinition, defaultAPIService, prepareAPIServiceForCreate, type APIService } from './apiservice.js';
import { validateAPIService, validateAPIServiceStatusUpdate } from './apiservice-validation.js';

const base = (): APIService => ({
  apiVersion: 'apiregistration.k8s.io/v1',
  kind: 'APIService',
  metadata: { name: 'v1beta1.metrics.k8s.io' },
  spec: {
    group: 'metrics.k8s.io',
    version: 'v1beta1',
    groupPriorityMinimum: 100,
    versionPriority: 100,
    service: { namespace: 'kube-system', name: 'metrics-server', port: 443 },
    insecureSkipTLSVerify: true,
  },
});

const CA = Buffer.from('-----BEGIN CERTIFICATE-----').toString('base64');

const cases: { name: string; mutate: (s: APIService) => void; errors: string[] }[] = [
  { name: 'valid', mutate: () => {}, errors: [] },
  {
    name: 'name must be version.group',
    mutate: (s) => (s.metadata.name = 'v1.metrics.k8s.io'),
    errors: ['metadata.name: Invalid value: "v1.metrics.k8s.io": must be `spec.version+"."+spec.group`: "v1beta1.metrics.k8s.io"'],
  },
  {
    name: 'empty group only for v1',
    mutate: (s) => {
      s.spec!.group = '';
      s.metadata.name = 'v1beta1.';
    },
    errors: ['spec.group: Required value: only v1 may have an empty group and it better be legacy kube'],
  },
  {
    name: 'version is a DNS-1035 label',
    mutate: (s) => {
      s.spec!.version = '1';
      s.metadata.name = '1.metrics.k8s.io';
    },
    errors: [
      `spec.version: Invalid value: "1": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    ],
  },
  {
    name: 'priorities in range',
    mutate: (s) => {
      s.spec!.groupPriorityMinimum = 20001;
      s.spec!.versionPriority = 0;
    },
    errors: [
      'spec.groupPriorityMinimum: Invalid value: 20001: must be positive and less than 20000',
      'spec.versionPriority: Invalid value: 0: must be positive and less than 1000',
    ],
  },
  {
    name: 'service needs namespace, name and a valid port',
    mutate: (s) => (s.spec!.service = { port: 70000 }),
    errors: [
      'spec.service.namespace: Required value',
      'spec.service.name: Required value',
      'spec.service.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive',
    ],
  },
  {
    name: 'insecureSkipTLSVerify with a caBundle',
    mutate: (s) => (s.spec!.caBundle = CA),
    errors: ['spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present'],
  },
  {
    name: 'local APIServices have no TLS settings',
    mutate: (s) => {
      delete s.spec!.service;
      s.spec!.caBundle = CA;
    },
    errors: [
      'spec.caBundle: Invalid value: "27 bytes": local APIServices may not have a caBundle',
      'spec.insecureSkipTLSVerify: Invalid value: true: local APIServices may not have insecureSkipTLSVerify',
    ],
  },
];

for (const c of cases) {
  test(`validateAPIService: ${c.name}`, () => {
    const s = base();
    c.mutate(s);
    assert.deepEqual(validateAPIService(s).map(fieldErrorMessage), c.errors);
  });
}

test('service port defaults to 443', () => {
  const s = base();
  delete s.spec!.service!.port;
  defaultAPIService(s);
  assert.equal(s.spec!.service!.port, 443);
});

test('a local APIService is Available at create; a remote one has no condition', () => {
  const local = base();
  delete local.spec!.service;
  local.status = { conditions: [{ type: 'Available', status: 'False' }] };
  prepareAPIServiceForCreate(local);
  assert.deepEqual(
    local.status?.conditions?.map((c) => [c.type, c.status, c.reason, c.message]),
    [['Available', 'True', 'Local', 'Local APIServices are always available']],
  );
  const remote = base();
  prepareAPIServiceForCreate(remote);
  assert.deepEqual(remote.status, {});
});

test('status conditions must be True, False or Unknown', () => {
  const s = base();
  s.metadata.resourceVersion = '5';
  s.status = { conditions: [{ type: 'Available', status: 'Maybe' }] };
  assert.deepEqual(validateAPIServiceStatusUpdate(s, base()).map(fieldErrorMessage), [
    'status.conditions[0].status: Unsupported value: "Maybe": supported values: "True", "False", "Unknown"',
  ]);
});

test('table: Local and True for a local APIService, namespace/name and reason otherwise', () => {
  const cells = (s: APIService) => apiServiceDefinition.tableColumns!.slice(1, 3).map((c) => c.cell(s, new Date()));
  const local = base();
  delete local.spec!.service;
  prepareAPIServiceForCreate(local);
  assert.deepEqual(cells(local), ['Local', 'True']);
  const remote = base();
  assert.deepEqual(cells(remote), ['kube-system/metrics-server', 'Unknown']);
  remote.status = { conditions: [{ type: 'Available', status: 'False', reason: 'ServiceNotFound' }] };
  assert.deepEqual(cells(remote), ['kube-system/metrics-server', 'False (ServiceNotFound)']);
});
