import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PersistentVolume } from '../../apis/core/v1/schemas.generated.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { outcomeOf } from './test-admission.js';
import { PERSISTENT_VOLUME_LABEL_DEPRECATION, persistentVolumeLabel } from './persistent-volume-label.js';

const pvs = { group: '', resource: 'persistentvolumes' } as ResourceDefinition;
const volume = (spec: PersistentVolume['spec'], metadata: KubeObject['metadata'] = {}): PersistentVolume =>
  ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv', ...metadata }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], ...spec } });
const attributes = (object: PersistentVolume, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  ({ operation: 'CREATE', def: pvs, namespace: '', name: 'pv', subresource: '', object: object as KubeObject, dryRun: false, ...extra });
const forbidden = (cause: string) => `403: persistentvolumes "pv" is forbidden: ${cause}`;

test('PersistentVolumeLabel logs its deprecation when made, as upstream', () => {
  const logged: string[] = [];
  persistentVolumeLabel((m) => logged.push(m));
  assert.deepEqual(logged, [PERSISTENT_VOLUME_LABEL_DEPRECATION]);
});

test('PersistentVolumeLabel without a cloud provider: cloud disks are refused as upstream refuses them when none is built', async () => {
  const plugin = persistentVolumeLabel(() => undefined);
  const cases: Array<[string, PersistentVolume, string | undefined]> = [
    ['AWS EBS', volume({ awsElasticBlockStore: { volumeID: 'vol-1' } }), forbidden('error querying AWS EBS volume vol-1: unable to build AWS cloud provider for EBS')],
    ['GCE PD', volume({ gcePersistentDisk: { pdName: 'disk-1' } }), forbidden('error querying GCE PD volume disk-1: unable to build GCE cloud provider for PD')],
    ['Azure Disk', volume({ azureDisk: { diskName: 'd1', diskURI: 'uri' } }), forbidden('error querying AzureDisk volume d1: unable to build Azure cloud provider for AzureDisk')],
    ['vSphere', volume({ vsphereVolume: { volumePath: '[ds] v.vmdk' } }), forbidden('error querying vSphere Volume [ds] v.vmdk: unable to build vSphere cloud provider')],
    ['an EBS placeholder being provisioned', volume({ awsElasticBlockStore: { volumeID: 'placeholder-for-provisioning' } }), undefined],
    ['a GCE PD placeholder', volume({ gcePersistentDisk: { pdName: 'placeholder-for-provisioning' } }), undefined],
    ['a host path (no cloud)', volume({ hostPath: { path: '/data' } }), undefined],
    ['a CSI volume', volume({ csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'vol-1' } }), undefined],
    ['user labels alone are not trusted', volume({ awsElasticBlockStore: { volumeID: 'vol-2' } }, { labels: { [ZONE]: 'a', [REGION]: 'r' } }), forbidden('error querying AWS EBS volume vol-2: unable to build AWS cloud provider for EBS')],
  ];
  for (const [name, pv, expected] of cases) assert.equal(await outcomeOf(plugin, attributes(pv)), expected, name);
});

const ZONE = 'topology.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';
const provisioned = { 'pv.kubernetes.io/provisioned-by': 'kubernetes.io/aws-ebs' };

test('PersistentVolumeLabel trusts a provisioned volume\'s zone and region: node affinity to match is added', async () => {
  const plugin = persistentVolumeLabel(() => undefined);
  const pv = volume({ awsElasticBlockStore: { volumeID: 'vol-3' } }, { annotations: provisioned, labels: { [ZONE]: 'us-east-1b__us-east-1a', [REGION]: 'us-east-1', app: 'x' } });
  assert.equal(await outcomeOf(plugin, attributes(pv)), undefined);
  assert.deepEqual(pv.spec?.nodeAffinity, { required: { nodeSelectorTerms: [{ matchExpressions: [
    { key: ZONE, operator: 'In', values: ['us-east-1a', 'us-east-1b'] },
    { key: REGION, operator: 'In', values: ['us-east-1'] },
  ] }] } });
  // Beta labels when the GA pair is incomplete; every term gets the requirements.
  const beta = volume({ gcePersistentDisk: { pdName: 'd' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'k', operator: 'Exists' }] }, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n'] }] }] } } },
    { annotations: provisioned, labels: { [ZONE]: 'z', 'failure-domain.beta.kubernetes.io/zone': 'bz', 'failure-domain.beta.kubernetes.io/region': 'br' } });
  assert.equal(await outcomeOf(plugin, attributes(beta)), undefined);
  const terms = beta.spec?.nodeAffinity?.required?.nodeSelectorTerms ?? [];
  assert.deepEqual(terms.map((t) => (t.matchExpressions ?? []).map((r) => `${r.key}=${r.values?.join(',') ?? ''}`)), [
    ['k=', 'failure-domain.beta.kubernetes.io/zone=bz', 'failure-domain.beta.kubernetes.io/region=br'],
    ['failure-domain.beta.kubernetes.io/zone=bz', 'failure-domain.beta.kubernetes.io/region=br'],
  ]);
  // A term that already constrains one of the keys: the affinity is left as it is.
  const constrained = volume({ hostPath: { path: '/' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: ['other'] }] }] } } }, { annotations: provisioned, labels: { [ZONE]: 'a', [REGION]: 'r' } });
  await outcomeOf(plugin, attributes(constrained));
  assert.deepEqual(constrained.spec?.nodeAffinity?.required?.nodeSelectorTerms, [{ matchExpressions: [{ key: ZONE, operator: 'In', values: ['other'] }] }]);
  // `required: {}` has no terms yet: one is made, as for Go's nil slice.
  const empty = volume({ hostPath: { path: '/' }, nodeAffinity: { required: {} as never } }, { annotations: provisioned, labels: { [ZONE]: 'a', [REGION]: 'r' } });
  assert.equal(await outcomeOf(plugin, attributes(empty)), undefined);
  assert.equal(empty.spec?.nodeAffinity?.required?.nodeSelectorTerms.length, 1);
  // An empty zone in a multi-zone value is refused.
  const bad = volume({ hostPath: { path: '/' } }, { annotations: provisioned, labels: { [ZONE]: 'a__', [REGION]: 'r' } });
  assert.equal(await outcomeOf(plugin, attributes(bad)), forbidden('failed to convert label string for Zone: a__ to a Set'));
});

test('PersistentVolumeLabel handles creates of persistent volumes only', () => {
  const plugin = persistentVolumeLabel(() => undefined);
  const pv = volume({ awsElasticBlockStore: { volumeID: 'vol-1' } });
  assert.equal(plugin.handles!(attributes(pv)), true);
  assert.equal(plugin.handles!(attributes(pv, { operation: 'UPDATE', oldObject: pv as KubeObject })), false);
  assert.equal(plugin.handles!(attributes(pv, { def: { group: '', resource: 'persistentvolumeclaims' } as ResourceDefinition })), false);
});
