import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../../errors/field-errors.js';
import type { Node } from '../schemas.generated.js';
import { defaultNode, prepareNodeForCreate, prepareNodeForUpdate } from './strategy.js';
import { nodeRolesCell, nodeStatusCell } from './table.js';
import { validateNode, validateNodeUpdate } from './validation.js';

const node = (fields: Partial<Node> = {}): Node => ({ metadata: { name: 'n1', resourceVersion: '3' }, ...fields });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const EFFECTS = 'supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"';

test('validateNode: table of cases with upstream messages and paths', () => {
  const cases: [string, Node, string[]][] = [
    ['valid', node({ spec: { podCIDRs: ['10.0.0.0/24', 'fd00::/64'], taints: [{ key: 'a', effect: 'NoSchedule' }, { key: 'a', effect: 'NoExecute' }] } }), []],
    ['namespace forbidden', node({ metadata: { name: 'n1', namespace: 'x' } }), ['metadata.namespace: Forbidden: not allowed on this type']],
    ['taint effect required', node({ spec: { taints: [{ key: 'a', effect: '' }] } }), ['metadata.taints[0].effect: Required value']],
    ['taint effect unknown', node({ spec: { taints: [{ key: 'a', effect: 'Never' }] } }), [`metadata.taints[0].effect: Unsupported value: "Never": ${EFFECTS}`]],
    [
      'duplicate key and effect',
      node({ spec: { taints: [{ key: 'a', value: 'x', effect: 'NoSchedule' }, { key: 'a', value: 'y', effect: 'NoSchedule' }] } }),
      ['metadata.taints[1]: Duplicate value: core.Taint{Key:"a", Value:"y", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair'],
    ],
    [
      'taint key and value',
      node({ spec: { taints: [{ key: 'a b', value: 'x y', effect: 'NoSchedule' }] } }),
      [
        "metadata.taints[0].key: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        "metadata.taints[0].value: Invalid value: \"x y\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      ],
    ],
    ['two IPv4 CIDRs', node({ spec: { podCIDRs: ['10.0.0.0/24', '10.0.1.0/24'] } }), ['spec.podCIDRs: Invalid value: []string{"10.0.0.0/24", "10.0.1.0/24"}: may specify no more than one CIDR for each IP family']],
    ['invalid CIDR', node({ spec: { podCIDRs: ['10.0.0.0/33'] } }), ['spec.podCIDRs[0]: Invalid value: []string{"10.0.0.0/33"}: must be valid CIDR']],
    [
      'duplicate CIDR',
      node({ spec: { podCIDRs: ['fd00::/64', 'fd00::/64'] } }),
      ['spec.podCIDRs: Invalid value: []string{"fd00::/64", "fd00::/64"}: may specify no more than one CIDR for each IP family', 'spec.podCIDRs[1]: Duplicate value: "fd00::/64"'],
    ],
    ['negative capacity', node({ status: { capacity: { cpu: '-1' } } }), ['status.capacity.cpu: Invalid value: "-1": must be greater than or equal to 0']],
    [
      'fractional pods',
      node({ status: { allocatable: { pods: '1500m' } } }),
      ['status.allocatable.pods: Invalid value: resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1500m", Format:"DecimalSI"}: must be an integer'],
    ],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateNode(obj)), want, name);
});

test('validateNodeUpdate: podCIDRs and providerID are immutable once set, externalID always', () => {
  const cidrMsg = 'Forbidden: node updates may not change podCIDR except from "" to valid';
  const cases: [string, Node, Node, string[]][] = [
    ['set podCIDRs from empty', node(), node({ spec: { podCIDRs: ['10.0.0.0/24'] } }), []],
    ['change podCIDRs', node({ spec: { podCIDRs: ['10.0.0.0/24'] } }), node({ spec: { podCIDRs: ['10.0.1.0/24'] } }), [`spec.podCIDRs: ${cidrMsg}`]],
    ['drop podCIDRs', node({ spec: { podCIDRs: ['10.0.0.0/24'] } }), node(), [`spec.podCIDRs: ${cidrMsg}`]],
    ['set providerID', node(), node({ spec: { providerID: 'aws://x' } }), []],
    ['change providerID', node({ spec: { providerID: 'aws://x' } }), node({ spec: { providerID: 'aws://y' } }), ['spec.providerID: Forbidden: node updates may not change providerID except from "" to valid']],
    ['externalID', node(), node({ spec: { externalID: 'e' } }), ['spec.externalID: Forbidden: may not be updated']],
    [
      'duplicate address',
      node(),
      node({ status: { addresses: [{ type: 'InternalIP', address: '10.0.0.1' }, { type: 'InternalIP', address: '10.0.0.1' }] } }),
      ['status.addresses[1]: Duplicate value: core.NodeAddress{Type:"InternalIP", Address:"10.0.0.1"}'],
    ],
    [
      'configSource kept from a stored node is validated',
      node(),
      node({ spec: { configSource: { configMap: { name: '', namespace: 'kube-system', kubeletConfigKey: 'k', uid: 'u' } } } }),
      ['spec.configSource.configMap.uid: Forbidden: uid must not be set in spec', 'spec.configSource.configMap.name: Required value: name must be set'],
    ],
  ];
  for (const [name, before, after, want] of cases) assert.deepEqual(messages(validateNodeUpdate(after, before)), want, name);
});

test('defaults: allocatable from capacity, podCIDR and podCIDRs kept together', () => {
  const n = node({ spec: { podCIDR: '10.0.0.0/24' }, status: { capacity: { cpu: '4' } } });
  defaultNode(n);
  assert.deepEqual(n.spec, { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24'] });
  assert.deepEqual(n.status?.allocatable, { cpu: '4' });
  const both = node({ spec: { podCIDR: '1.0.0.0/8', podCIDRs: ['10.0.0.0/24'] }, status: { capacity: { cpu: '4' }, allocatable: { cpu: '3' } } });
  defaultNode(both);
  assert.equal(both.spec?.podCIDR, '10.0.0.0/24');
  assert.deepEqual(both.status?.allocatable, { cpu: '3' });
});

test('strategy: configSource dropped on create and when the stored node has none; status kept on update', () => {
  const created = node({ spec: { configSource: { configMap: { name: 'a', namespace: 'b', kubeletConfigKey: 'c' } } }, status: { config: {}, capacity: { cpu: '1' } } });
  prepareNodeForCreate(created);
  assert.deepEqual(created.spec, {});
  assert.deepEqual(created.status, { capacity: { cpu: '1' } });
  const updated = node({ spec: { configSource: { configMap: { name: 'a', namespace: 'b', kubeletConfigKey: 'c' } } }, status: { capacity: { cpu: '9' } } });
  prepareNodeForUpdate(updated, node({ status: { capacity: { cpu: '1' } } }));
  assert.deepEqual(updated.spec, {});
  assert.deepEqual(updated.status, { capacity: { cpu: '1' } });
});

test('table cells: status and roles as printNode', () => {
  const cases: [Partial<Node>, string, string][] = [
    [{}, 'Unknown', '<none>'],
    [{ status: { conditions: [{ type: 'Ready', status: 'True' }] } }, 'Ready', '<none>'],
    [{ status: { conditions: [{ type: 'Ready', status: 'Unknown' }] }, spec: { unschedulable: true } }, 'NotReady,SchedulingDisabled', '<none>'],
    [{ metadata: { name: 'n', labels: { 'node-role.kubernetes.io/worker': '', 'node-role.kubernetes.io/control-plane': '', 'kubernetes.io/role': 'infra', 'node-role.kubernetes.io/': '' } } }, 'Unknown', 'control-plane,infra,worker'],
  ];
  for (const [fields, status, roles] of cases) {
    const n = node(fields);
    assert.equal(nodeStatusCell(n), status);
    assert.equal(nodeRolesCell(n), roles);
  }
});
