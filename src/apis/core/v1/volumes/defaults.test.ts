import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Volume } from '../schemas.generated.js';
import { defaultVolume } from './defaults.js';

test('defaultVolume: upstream 1.25 SetDefaults_* for volume sources', () => {
  const cases: [string, Volume, Volume][] = [
    ['no source becomes emptyDir', { name: 'v' }, { name: 'v', emptyDir: {} }],
    ['secret mode', { name: 'v', secret: { secretName: 's' } }, { name: 'v', secret: { secretName: 's', defaultMode: 420 } }],
    ['hostPath type', { name: 'v', hostPath: { path: '/x' } }, { name: 'v', hostPath: { path: '/x', type: '' } }],
    [
      'projected token and field refs',
      { name: 'v', projected: { sources: [{ serviceAccountToken: { path: 't' } }, { downwardAPI: { items: [{ path: 'n', fieldRef: { fieldPath: 'metadata.name' } }] } }] } },
      {
        name: 'v',
        projected: {
          defaultMode: 420,
          sources: [{ serviceAccountToken: { path: 't', expirationSeconds: 3600 } }, { downwardAPI: { items: [{ path: 'n', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } }] } }],
        },
      },
    ],
    ['rbd', { name: 'v', rbd: { monitors: ['m'], image: 'i' } }, { name: 'v', rbd: { monitors: ['m'], image: 'i', pool: 'rbd', user: 'admin', keyring: '/etc/ceph/keyring' } }],
    ['iscsi', { name: 'v', iscsi: { targetPortal: 't', iqn: 'q', lun: 0 } }, { name: 'v', iscsi: { targetPortal: 't', iqn: 'q', lun: 0, iscsiInterface: 'default' } }],
    [
      'ephemeral claim spec',
      { name: 'v', ephemeral: { volumeClaimTemplate: { spec: {} } } },
      { name: 'v', ephemeral: { volumeClaimTemplate: { spec: { volumeMode: 'Filesystem' } } } },
    ],
  ];
  for (const [name, input, want] of cases) {
    defaultVolume(input);
    assert.deepEqual(input, want, name);
  }
});
