import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../../errors/field-errors.js';
import type { Volume } from '../schemas.generated.js';
import { validateVolumes } from './index.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const check = (volumes: Volume[], podName?: string): string[] =>
  messages(validateVolumes(volumes, 'spec.volumes', podName ? { podMeta: { name: podName } } : {}).errors);

const DNS_LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

test('validateVolumes: names, uniqueness and exactly one source', () => {
  const cases: [string, Volume[], string[]][] = [
    ['valid emptyDir', [{ name: 'a', emptyDir: {} }], []],
    ['no source', [{ name: 'a' }], ['spec.volumes[0]: Required value: must specify a volume type']],
    ['empty name', [{ name: '', emptyDir: {} }], ['spec.volumes[0].name: Required value']],
    ['bad name', [{ name: 'A_b', emptyDir: {} }], [`spec.volumes[0].name: Invalid value: "A_b": ${DNS_LABEL}`]],
    ['duplicate', [{ name: 'a', emptyDir: {} }, { name: 'a', emptyDir: {} }], ['spec.volumes[1].name: Duplicate value: "a"']],
    [
      'two sources',
      [{ name: 'a', emptyDir: {}, hostPath: { path: '/x' }, downwardAPI: {} }],
      ['spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type', 'spec.volumes[0].downwarAPI: Forbidden: may not specify more than 1 volume type'],
    ],
    [
      'sources in any key order, a null one ignored: reported in upstream order',
      [{ name: 'a', downwardAPI: {}, secret: null as never, hostPath: { path: '/x' }, emptyDir: {} }],
      ['spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type', 'spec.volumes[0].downwarAPI: Forbidden: may not specify more than 1 volume type'],
    ],
    ['only a null source', [{ name: 'a', configMap: null as never }], ['spec.volumes[0]: Required value: must specify a volume type']],
    ['cephfs refused as cephFS', [{ name: 'a', nfs: { server: 's', path: '/p' }, cephfs: { monitors: ['m'] } }], ['spec.volumes[0].cephFS: Forbidden: may not specify more than 1 volume type']],
  ];
  for (const [name, volumes, want] of cases) assert.deepEqual(check(volumes), want, name);
});

test('validateVolumes: the map holds the valid volumes only', () => {
  const result = validateVolumes([{ name: 'ok', emptyDir: {} }, { name: 'bad' }], 'spec.volumes');
  assert.deepEqual([...result.volumes.keys()], ['ok']);
});

test('validateVolumes: sources, paths and modes as upstream', () => {
  const cases: [string, Volume, string[]][] = [
    ['emptyDir negative size', { name: 'v', emptyDir: { sizeLimit: '-1Gi' } }, ['spec.volumes[0].emptyDir.sizeLimit: Forbidden: SizeLimit field must be a valid resource quantity']],
    ['hostPath no path', { name: 'v', hostPath: { path: '' } }, ['spec.volumes[0].hostPath.path: Required value']],
    ['hostPath backsteps', { name: 'v', hostPath: { path: '/a/../b' } }, [`spec.volumes[0].hostPath.path: Invalid value: "/a/../b": must not contain '..'`]],
    [
      'hostPath type',
      { name: 'v', hostPath: { path: '/a', type: 'Dir' } },
      ['spec.volumes[0].hostPath.type: Unsupported value: "Dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"'],
    ],
    ['gitRepo', { name: 'v', gitRepo: { repository: '', directory: '/abs' } }, ['spec.volumes[0].gitRepo.repository: Required value', 'spec.volumes[0].gitRepo.directory: Invalid value: "/abs": must be a relative path']],
    ['gce partition', { name: 'v', gcePersistentDisk: { pdName: '', partition: 300 } }, ['spec.volumes[0].persistentDisk.pdName: Required value', 'spec.volumes[0].persistentDisk.partition: Invalid value: 300: must be between 1 and 255, inclusive']],
    ['secret mode', { name: 'v', secret: { secretName: 's', defaultMode: 512 } }, ['spec.volumes[0].secret.defaultMode: Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive']],
    [
      'configMap items',
      { name: 'v', configMap: { name: '', items: [{ key: '', path: '../x', mode: -1 }, { key: 'k', path: '..x' }] } },
      [
        'spec.volumes[0].configMap.name: Required value',
        'spec.volumes[0].configMap.items[0].key: Required value',
        `spec.volumes[0].configMap.items[0].path: Invalid value: "../x": must not contain '..'`,
        'spec.volumes[0].configMap.items[0].mode: Invalid value: -1: must be a number between 0 and 0777 (octal), both inclusive',
        `spec.volumes[0].configMap.items[1].path: Invalid value: "..x": must not start with '..'`,
      ],
    ],
    ['nfs', { name: 'v', nfs: { server: '', path: 'rel' } }, ['spec.volumes[0].nfs.server: Required value', 'spec.volumes[0].nfs.path: Invalid value: "rel": must be an absolute path']],
    [
      'iscsi',
      { name: 'v', iscsi: { targetPortal: '', iqn: 'foo', lun: 256, chapAuthSession: true } },
      [
        'spec.volumes[0].iscsi.targetPortal: Required value',
        'spec.volumes[0].iscsi.iqn: Invalid value: "foo": must be valid format starting with iqn, eui, or naa',
        'spec.volumes[0].iscsi.lun: Invalid value: 256: must be between 0 and 255, inclusive',
        'spec.volumes[0].iscsi.secretRef: Required value',
      ],
    ],
    ['iscsi iqn format', { name: 'v', iscsi: { targetPortal: 't', iqn: 'iqn.2015-02.example.com:test', lun: 1, initiatorName: 'iqn.bad' } }, ['spec.volumes[0].iscsi.initiatorname: Invalid value: "iqn.bad": must be valid format']],
    ['rbd', { name: 'v', rbd: { monitors: [], image: '' } }, ['spec.volumes[0].rbd.monitors: Required value', 'spec.volumes[0].rbd.image: Required value']],
    ['glusterfs', { name: 'v', glusterfs: { endpoints: '', path: '' } }, ['spec.volumes[0].glusterfs.endpoints: Required value', 'spec.volumes[0].glusterfs.path: Required value']],
    ['flocker both', { name: 'v', flocker: { datasetName: 'a/b', datasetUUID: 'u' } }, ['spec.volumes[0].flocker: Invalid value: "resource": datasetName and datasetUUID can not be specified simultaneously', `spec.volumes[0].flocker.datasetName: Invalid value: "a/b": must not contain '/'`]],
    ['fc', { name: 'v', fc: {} }, ['spec.volumes[0].fc.targetWWNs: Required value: must specify either targetWWNs or wwids, but not both']],
    ['fc lun', { name: 'v', fc: { targetWWNs: ['w'] } }, ['spec.volumes[0].fc.lun: Required value: lun is required if targetWWNs is specified']],
    ['flex reserved', { name: 'v', flexVolume: { driver: 'd', options: { 'kubernetes.io/x': 'y' } } }, ['spec.volumes[0].flexVolume.options[kubernetes.io/x]: Invalid value: "kubernetes.io/x": kubernetes.io and k8s.io namespaces are reserved']],
    ['quobyte', { name: 'v', quobyte: { registry: 'nohost', volume: '' } }, ['spec.volumes[0].quobyte.registry: Invalid value: "nohost": must be a host:port pair or multiple pairs separated by commas', 'spec.volumes[0].quobyte.volume: Required value']],
    ['azureDisk', { name: 'v', azureDisk: { diskName: 'd', diskURI: 'http://x', kind: 'Managed' } }, ['spec.volumes[0].azureDisk.diskURI: Unsupported value: "http://x": supported values: "/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}"']],
    ['storageos', { name: 'v', storageos: { volumeName: 'Bad' } }, [`spec.volumes[0].storageos.volumeName: Invalid value: "Bad": ${DNS_LABEL}`]],
    ['csi driver', { name: 'v', csi: { driver: '' } }, ['spec.volumes[0].csi.driver: Required value', `spec.volumes[0].csi.driver: Invalid value: "": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`]],
    ['pvc', { name: 'v', persistentVolumeClaim: { claimName: '' } }, ['spec.volumes[0].persistentVolumeClaim.claimName: Required value']],
    ['scaleIO', { name: 'v', scaleIO: { gateway: '', system: 's', volumeName: 'v', secretRef: {} } }, ['spec.volumes[0].scaleIO.gateway: Required value']],
  ];
  for (const [name, volume, want] of cases) assert.deepEqual(check([volume]), want, name);
});

test('validateVolumes: downward API files and selectors', () => {
  const cases: [string, Volume, string[]][] = [
    ['valid', { name: 'v', downwardAPI: { items: [{ path: 'labels', fieldRef: { apiVersion: 'v1', fieldPath: "metadata.labels['app']" } }] } }, []],
    [
      'unsupported field',
      { name: 'v', downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } }] } },
      ['spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"'],
    ],
    ['unknown label', { name: 'v', downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'spec.foo' } }] } }, ['spec.volumes[0].downwardAPI.fieldRef.fieldPath: Invalid value: "spec.foo": error converting fieldPath: field label not supported: spec.foo']],
    ['neither ref', { name: 'v', downwardAPI: { items: [{ path: 'n' }] } }, ['spec.volumes[0].downwardAPI: Required value: one of fieldRef and resourceFieldRef is required']],
    [
      'both refs',
      { name: 'v', downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' }, resourceFieldRef: { resource: 'limits.cpu' } }] } },
      ['spec.volumes[0].downwardAPI: Invalid value: "resource": fieldRef and resourceFieldRef can not be specified simultaneously'],
    ],
    ['resource needs container', { name: 'v', downwardAPI: { items: [{ path: 'n', resourceFieldRef: { resource: 'limits.cpu' } }] } }, ['spec.volumes[0].downwardAPI.resourceFieldRef.containerName: Required value']],
    [
      'divisor',
      { name: 'v', downwardAPI: { items: [{ path: 'n', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu', divisor: '2' } }] } },
      ["spec.volumes[0].downwardAPI.resourceFieldRef.divisor: Invalid value: \"limits.cpu\": only divisor's values 1m and 1 are supported with the cpu resource"],
    ],
    ['divisor 1Mi on memory', { name: 'v', downwardAPI: { items: [{ path: 'n', resourceFieldRef: { containerName: 'c', resource: 'requests.memory', divisor: '1Mi' } }] } }, []],
    ['hugepages', { name: 'v', downwardAPI: { items: [{ path: 'n', resourceFieldRef: { containerName: 'c', resource: 'limits.hugepages-2Mi' } }] } }, []],
  ];
  for (const [name, volume, want] of cases) assert.deepEqual(check([volume]), want, name);
});

test('validateVolumes: projected sources', () => {
  const cases: [string, Volume, string[]][] = [
    ['token ok', { name: 'v', projected: { sources: [{ serviceAccountToken: { path: 'token', expirationSeconds: 3600 } }] } }, []],
    [
      'token too short, no path',
      { name: 'v', projected: { sources: [{ serviceAccountToken: { path: '', expirationSeconds: 599 } }] } },
      ['spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 599: may not specify a duration less than 10 minutes', 'spec.volumes[0].projected.path: Required value'],
    ],
    [
      'token too long',
      { name: 'v', projected: { sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 2 ** 32 + 1 } }] } },
      ['spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds'],
    ],
    [
      'two kinds in one source',
      { name: 'v', projected: { sources: [{ secret: { name: 's' }, configMap: { name: 'c' } }] } },
      ['spec.volumes[0].projected.sources[0]: Forbidden: may not specify more than 1 volume type'],
    ],
    [
      'duplicate paths',
      { name: 'v', projected: { sources: [{ secret: { name: 's', items: [{ key: 'a', path: 'p' }] } }, { configMap: { name: 'c', items: [{ key: 'b', path: 'p' }] } }] } },
      ['spec.volumes[0].projected: Invalid value: "c": conflicting duplicate paths'],
    ],
    ['mode', { name: 'v', projected: { defaultMode: 1000, sources: [] } }, ['spec.volumes[0].projected.defaultMode: Invalid value: 1000: must be a number between 0 and 0777 (octal), both inclusive']],
  ];
  for (const [name, volume, want] of cases) assert.deepEqual(check([volume]), want, name);
});

test('validateVolumes: ephemeral volumes', () => {
  const spec = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
  const cases: [string, Volume[], string | undefined, string[]][] = [
    ['valid', [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { metadata: { labels: { a: 'b' } }, spec } } }], 'pod', []],
    ['template required', [{ name: 'scratch', ephemeral: {} }], undefined, ['spec.volumes[0].ephemeral.volumeClaimTemplate: Required value']],
    [
      'metadata fields',
      [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { metadata: { name: 'x', uid: 'u' }, spec } } }],
      undefined,
      ['spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.name: Forbidden: cannot be set for an ephemeral volume', 'spec.volumes[0].ephemeral.volumeClaimTemplate.metadata.uID: Forbidden: cannot be set for an ephemeral volume'],
    ],
    [
      'claim spec',
      [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['Bogus'], resources: { requests: { storage: '0' } } } } } }],
      undefined,
      [
        'spec.volumes[0].ephemeral.volumeClaimTemplate.spec.accessModes: Unsupported value: "Bogus": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce"',
        'spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources[storage]: Invalid value: "0": must be greater than zero',
      ],
    ],
    [
      'claim of an ephemeral volume',
      [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec } } }, { name: 'other', persistentVolumeClaim: { claimName: 'pod-scratch' } }],
      'pod',
      ['spec.volumes[1].persistentVolumeClaim.claimName: Invalid value: "pod-scratch": must not reference a PVC that gets created for an ephemeral volume'],
    ],
  ];
  for (const [name, volumes, pod, want] of cases) assert.deepEqual(check(volumes, pod), want, name);
});
