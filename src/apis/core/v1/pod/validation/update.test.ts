import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Container, EphemeralContainer, Pod, PodSpec } from '../../schemas.generated.js';
import { validatePodEphemeralContainersUpdate, validatePodStatusUpdate, validatePodUpdate } from './update.js';
import { type Expected, shape, validPod } from './test-support.js';

interface UpdateCase {
  name: string;
  old?: (pod: Pod, spec: PodSpec) => void;
  change: (pod: Pod, spec: PodSpec, web: Container) => void;
  want: Expected[];
}

/** An old pod (stored) and a new one derived from it; both carry a resourceVersion. */
function pair(c: UpdateCase): [Pod, Pod] {
  const old = validPod();
  old.metadata.resourceVersion = '7';
  c.old?.(old, old.spec as PodSpec);
  const next = structuredClone(old);
  const spec = next.spec as PodSpec;
  c.change(next, spec, spec.containers[0] as Container);
  return [next, old];
}

const NOT_UPDATABLE = 'pod updates may not change fields other than `spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, `spec.tolerations` (only additions to existing tolerations) or `spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

const updateCases: UpdateCase[] = [
  { name: 'image change', change: (_p, _s, web) => { web.image = 'registry.example.com/shop/web:1.25.0'; }, want: [] },
  { name: 'image required', change: (_p, _s, web) => { web.image = ''; }, want: [['Required', 'spec.containers[0].image', ''], ['Required', 'spec.containers[0].image', '']] },
  {
    name: 'containers may not be added',
    change: (_p, spec) => { spec.containers.push({ ...(spec.containers[1] as Container), name: 'third' }); },
    want: [['Forbidden', 'spec.containers', 'pod updates may not add or remove containers']],
  },
  { name: 'deadline may be set', change: (_p, spec) => { spec.activeDeadlineSeconds = 60; }, want: [] },
  { name: 'deadline may decrease', old: (_p, spec) => { spec.activeDeadlineSeconds = 60; }, change: (_p, spec) => { spec.activeDeadlineSeconds = 30; }, want: [] },
  {
    name: 'deadline may not increase',
    old: (_p, spec) => { spec.activeDeadlineSeconds = 60; },
    change: (_p, spec) => { spec.activeDeadlineSeconds = 90; },
    want: [['Invalid', 'spec.activeDeadlineSeconds', 'must be less than or equal to previous value']],
  },
  {
    name: 'deadline may not be removed',
    old: (_p, spec) => { spec.activeDeadlineSeconds = 60; },
    change: (_p, spec) => { delete spec.activeDeadlineSeconds; },
    want: [['Invalid', 'spec.activeDeadlineSeconds', 'must not update from a positive integer to nil value']],
  },
  { name: 'tolerations may be added', change: (_p, spec) => { spec.tolerations?.push({ key: 'gpu', operator: 'Exists' }); }, want: [] },
  { name: 'tolerationSeconds may change', change: (_p, spec) => { (spec.tolerations ?? [])[0] = { ...(spec.tolerations ?? [])[0], tolerationSeconds: 60 }; }, want: [] },
  {
    name: 'existing tolerations may not change',
    change: (_p, spec) => { spec.tolerations = [{ key: 'other', operator: 'Exists' }]; },
    want: [['Forbidden', 'spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds']],
  },
  {
    name: 'negative grace period may become 1',
    old: (_p, spec) => { spec.terminationGracePeriodSeconds = -1; },
    change: (_p, spec) => { spec.terminationGracePeriodSeconds = 1; },
    want: [],
  },
  {
    name: 'metadata name is immutable',
    change: (pod) => { pod.metadata.name = 'other'; },
    want: [['Invalid', 'metadata.name', 'field is immutable']],
  },
  {
    name: 'mirror annotation may not be added',
    change: (pod) => { pod.metadata.annotations = { ...pod.metadata.annotations, 'kubernetes.io/config.mirror': 'x' }; },
    want: [
      ['Invalid', 'metadata.annotations[kubernetes.io/config.mirror]', 'must set spec.nodeName if mirror pod annotation is set'],
      ['Forbidden', 'metadata.annotations[kubernetes.io/config.mirror]', 'may not add mirror pod annotation'],
      ['Invalid', 'metadata.annotations[kubernetes.io/config.mirror]', 'must set spec.nodeName if mirror pod annotation is set'],
    ],
  },
  {
    name: 'an invalid deletion cost the old pod had is tolerated',
    old: (pod) => { pod.metadata.annotations = { 'controller.kubernetes.io/pod-deletion-cost': 'x' }; },
    change: () => {},
    want: [],
  },
];

describe('validatePodUpdate (upstream 1.25)', () => {
  for (const c of updateCases) {
    it(c.name, () => {
      const [next, old] = pair(c);
      assert.deepEqual(shape(validatePodUpdate(next, old)), c.want);
    });
  }
  it('other spec changes are forbidden, with a diff', () => {
    const [next, old] = pair({ name: '', change: (_p, _s, web) => { (web.ports ?? [])[0] = { name: 'http', containerPort: 8081, protocol: 'TCP' }; }, want: [] });
    const errs = validatePodUpdate(next, old);
    assert.equal(errs.length, 1);
    assert.equal(errs[0]?.type, 'FieldValueForbidden');
    assert.equal(errs[0]?.field, 'spec');
    const detail = errs[0]?.detail ?? '';
    assert.ok(detail.startsWith(`${NOT_UPDATABLE}\n  core.PodSpec{\n`), detail);
    assert.match(detail, /^- \t+ContainerPort: 8080,$/m);
    assert.match(detail, /^\+ \t+ContainerPort: 8081,$/m);
    assert.match(detail, /\.\.\. \/\/ \d+ identical fields/);
  });
  it('the image of a container plus another change: only the other change is reported', () => {
    const [next, old] = pair({ name: '', change: (_p, spec, web) => { web.image = 'x:2'; spec.restartPolicy = 'Never'; }, want: [] });
    const detail = validatePodUpdate(next, old)[0]?.detail ?? '';
    assert.match(detail, /RestartPolicy: "Never"/);
    assert.doesNotMatch(detail, /Image/);
  });
});

describe('validatePodStatusUpdate (upstream 1.25)', () => {
  const cases: UpdateCase[] = [
    { name: 'a status update', change: (pod) => { pod.status = { phase: 'Running', podIP: '10.1.1.1', podIPs: [{ ip: '10.1.1.1' }] }; }, want: [] },
    { name: 'nodeName may not change', change: (_p, spec) => { spec.nodeName = 'node-1'; }, want: [['Forbidden', 'status.nodeName', 'may not be changed directly']] },
    {
      name: 'custom condition types are qualified names',
      change: (pod) => { pod.status = { conditions: [{ type: 'Ready', status: 'True' }, { type: 'bad type', status: 'True' }] }; },
      want: [['Invalid', 'metadata.conditions[1].Type', "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"]],
    },
    {
      name: 'nominated node name',
      change: (pod) => { pod.status = { nominatedNodeName: 'Node_1' }; },
      want: [['Invalid', 'status.nominatedNodeName', "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"]],
    },
    {
      name: 'terminated containers stay terminated when the pod does not restart',
      old: (pod, spec) => {
        spec.restartPolicy = 'Never';
        pod.status = { containerStatuses: [{ name: 'web', image: 'i', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 0 } } }] };
      },
      change: (pod) => { pod.status = { containerStatuses: [{ name: 'web', image: 'i', imageID: '', ready: true, restartCount: 0, state: { running: {} } }] }; },
      want: [['Forbidden', 'status.containerStatuses[0].state', 'may not be transitioned to non-terminated state']],
    },
    {
      name: 'OnFailure: a failed container may restart',
      old: (pod, spec) => {
        spec.restartPolicy = 'OnFailure';
        pod.status = { containerStatuses: [{ name: 'web', image: 'i', imageID: '', ready: false, restartCount: 0, state: { terminated: { exitCode: 1 } } }] };
      },
      change: (pod) => { pod.status = { containerStatuses: [{ name: 'web', image: 'i', imageID: '', ready: true, restartCount: 1, state: { running: {} } }] }; },
      want: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const [next, old] = pair(c);
      assert.deepEqual(shape(validatePodStatusUpdate(next, old)), c.want);
    });
  }
});

describe('validatePodEphemeralContainersUpdate (upstream 1.25)', () => {
  const debug = (): EphemeralContainer => ({ name: 'debug', image: 'busybox', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File', targetContainerName: 'web' });
  it('adds a container', () => {
    const [next, old] = pair({ name: '', change: (_p, spec) => { spec.ephemeralContainers = [debug()]; }, want: [] });
    assert.deepEqual(shape(validatePodEphemeralContainersUpdate(next, old)), []);
  });
  it('may not remove one', () => {
    const [next, old] = pair({ name: '', old: (_p, spec) => { spec.ephemeralContainers = [debug()]; }, change: (_p, spec) => { spec.ephemeralContainers = []; }, want: [] });
    assert.deepEqual(shape(validatePodEphemeralContainersUpdate(next, old)), [['Forbidden', 'spec.ephemeralContainers', 'existing ephemeral containers "debug" may not be removed\n']]);
  });
  it('may not change one', () => {
    const [next, old] = pair({ name: '', old: (_p, spec) => { spec.ephemeralContainers = [debug()]; }, change: (_p, spec) => { spec.ephemeralContainers = [{ ...debug(), image: 'alpine' }]; }, want: [] });
    const errs = validatePodEphemeralContainersUpdate(next, old);
    assert.equal(errs.length, 1);
    assert.ok((errs[0]?.detail ?? '').startsWith('existing ephemeral containers "debug" may not be changed\n  core.EphemeralContainer{\n'));
    assert.match(errs[0]?.detail ?? '', /^- \tImage: "busybox",\n\+ \tImage: "alpine",$/m);
  });
  it('checks the new containers as the spec does', () => {
    const [next, old] = pair({ name: '', change: (_p, spec) => { spec.ephemeralContainers = [{ ...debug(), name: 'web' }]; }, want: [] });
    assert.deepEqual(shape(validatePodEphemeralContainersUpdate(next, old)), [['Duplicate', 'spec.ephemeralContainers[0].name', '']]);
  });
});

describe('the 422 message of repeated errors', () => {
  it('names a repeated error once in the message and keeps every cause (upstream ToAggregate)', async () => {
    const { invalid } = await import('../../../../../errors/status-error.js');
    const [next, old] = pair({ name: '', change: (_p, _s, web) => { web.image = ''; }, want: [] });
    const err = invalid('', 'Pod', 'web', validatePodUpdate(next, old));
    assert.equal(err.status.message, 'Pod "web" is invalid: spec.containers[0].image: Required value');
    assert.equal(err.status.details?.causes?.length, 2);
  });
});
