import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../schemas.generated.js';
import { podFieldSelectors } from './field-selectors.js';

test('podFieldSelectors: the fields upstream 1.25 selects pods by', () => {
  const pod: Pod = {
    metadata: { name: 'p' },
    spec: { containers: [], nodeName: 'n1', restartPolicy: 'Always', schedulerName: 'default-scheduler', serviceAccountName: 'default' },
    status: { phase: 'Running', podIP: '10.0.0.9', podIPs: [{ ip: '10.0.0.1' }], nominatedNodeName: 'n2' },
  };
  const values = Object.fromEntries(Object.entries(podFieldSelectors).map(([k, get]) => [k, get(pod)]));
  assert.deepEqual(values, {
    'spec.nodeName': 'n1',
    'spec.restartPolicy': 'Always',
    'spec.schedulerName': 'default-scheduler',
    'spec.serviceAccountName': 'default',
    'status.phase': 'Running',
    'status.podIP': '10.0.0.1',
    'status.nominatedNodeName': 'n2',
  });
  const empty = Object.values(podFieldSelectors).map((get) => get({ metadata: { name: 'q' } }));
  assert.deepEqual(empty, ['', '', '', '', '', '', '']);
});
