import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { defaultDaemonSet, defaultDeployment, defaultReplicaSet, defaultStatefulSet } from './defaults.js';
import { validateControllerRevision, validateControllerRevisionUpdate } from './controllerrevision.js';
import { validateDaemonSet, validateDaemonSetStatusUpdate, validateDaemonSetUpdate } from './daemonset.js';
import { validateDeployment, validateDeploymentStatusUpdate, validateDeploymentUpdate } from './deployment.js';
import { validateReplicaSet, validateReplicaSetStatusUpdate, validateReplicaSetUpdate } from './replicaset.js';
import { validateStatefulSet, validateStatefulSetStatusUpdate, validateStatefulSetUpdate } from './statefulset.js';
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet } from './schemas.generated.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const template = (labels: Record<string, string> | undefined = { app: 'web' }, spec: Record<string, unknown> = {}) => ({
  metadata: labels ? { labels } : {},
  spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});
const meta = { name: 'web', namespace: 'ns' };
const updated = { ...meta, resourceVersion: '1' };

/** A Deployment as the store validates it: `spec` merged over a valid one, then defaulted. */
function deployment(spec: Record<string, unknown> = {}): Deployment {
  const d = { metadata: { ...meta }, spec: { selector: { matchLabels: { app: 'web' } }, template: template(), ...spec } } as Deployment;
  defaultDeployment(d);
  return d;
}

test('ValidateDeployment as upstream 1.25', () => {
  assert.deepEqual(validateDeployment(deployment()), []);
  const cases: [string, Deployment, string[]][] = [
    [
      'no selector: required, and the template matches nothing',
      deployment({ selector: undefined }),
      ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`'],
    ],
    ['empty selector', deployment({ selector: {} }), ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment']],
    [
      'selector with a bad operator',
      deployment({ selector: { matchExpressions: [{ key: 'app', operator: 'Is', values: ['web'] }] } }),
      [
        'spec.selector.matchExpressions[0].operator: Invalid value: "Is": not a valid selector operator',
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"app", Operator:"Is", Values:[]string{"web"}}}}: invalid label selector',
      ],
    ],
    ['mismatched labels', deployment({ template: template({ app: 'other' }) }), ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`']],
    ['negative replicas', deployment({ replicas: -1 }), ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    [
      'restart policy and deadline',
      deployment({ template: template({ app: 'web' }, { restartPolicy: 'OnFailure', activeDeadlineSeconds: 5 }) }),
      ['spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"', 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported'],
    ],
    ['a bad container name (the PodSpec is validated)', deployment({ template: template({ app: 'web' }, { containers: [{ name: 'Bad_Name', image: 'x' }] }) }), [
      `spec.template.spec.containers[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
    ]],
    [
      'maxUnavailable not a percent',
      deployment({ strategy: { rollingUpdate: { maxUnavailable: 'abc' } } }),
      [`spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"abc"}: a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`],
    ],
    [
      'both zero, and over 100%',
      deployment({ strategy: { rollingUpdate: { maxUnavailable: '0%', maxSurge: 0 } } }),
      ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"0%"}: may not be 0 when `maxSurge` is 0'],
    ],
    ['more than 100%', deployment({ strategy: { rollingUpdate: { maxUnavailable: '150%' } } }), ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%']],
    ['negative surge', deployment({ strategy: { rollingUpdate: { maxSurge: -1 } } }), ['spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0']],
    ['Recreate with rollingUpdate', deployment({ strategy: { type: 'Recreate', rollingUpdate: {} } }), ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]],
    [
      'unknown strategy',
      deployment({ strategy: { type: 'Canary' } }),
      ['spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"Canary", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"'],
    ],
    [
      'deadline not above minReadySeconds',
      deployment({ minReadySeconds: 600, revisionHistoryLimit: -1 }),
      ['spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0', 'spec.progressDeadlineSeconds: Invalid value: 600: must be greater than minReadySeconds'],
    ],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(messages(validateDeployment(input)), want, name);
});

test('Deployment updates: the selector is immutable; status bounds and collision count', () => {
  const old = deployment();
  old.metadata = { ...updated };
  const moved = deployment({ selector: { matchLabels: { app: 'web', tier: 'x' } }, template: template({ app: 'web', tier: 'x' }) });
  moved.metadata = { ...updated };
  assert.deepEqual(messages(validateDeploymentUpdate(moved, old)), [
    'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web", "tier":"x"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
  ]);
  const withStatus = { ...old, status: { replicas: 1, readyReplicas: 2, availableReplicas: 3, updatedReplicas: -1, collisionCount: 1 } };
  assert.deepEqual(messages(validateDeploymentStatusUpdate(withStatus, { ...old, status: { collisionCount: 2 } })), [
    'status.updatedReplicas: Invalid value: -1: must be greater than or equal to 0',
    'status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 3: cannot be greater than readyReplicas',
    'status.collisionCount: Invalid value: 1: cannot be decremented',
  ]);
});

/** A ReplicaSet as the store validates it. */
function replicaSet(spec: Record<string, unknown> = {}): ReplicaSet {
  const rs = { metadata: { ...meta }, spec: { selector: { matchLabels: { app: 'web' } }, template: template(), ...spec } } as ReplicaSet;
  defaultReplicaSet(rs);
  return rs;
}

test('ValidateReplicaSet as upstream 1.25 (its empty-selector message names deployment, as upstream)', () => {
  assert.deepEqual(validateReplicaSet(replicaSet()), []);
  const cases: [string, ReplicaSet, string[]][] = [
    ['empty selector', replicaSet({ selector: {} }), ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment']],
    ['negative minReadySeconds', replicaSet({ minReadySeconds: -2 }), ['spec.minReadySeconds: Invalid value: -2: must be greater than or equal to 0']],
    ['labels not matching an expression', replicaSet({ selector: { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] } }), ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`']],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(messages(validateReplicaSet(input)), want, name);
  const old = { ...replicaSet(), metadata: { ...updated } };
  assert.deepEqual(validateReplicaSetUpdate({ ...replicaSet({ replicas: 4 }), metadata: { ...updated } }, old), []);
  // Upstream's update validation runs the spec checks twice (ValidateReplicaSet and ValidateReplicaSetUpdate).
  assert.equal(validateReplicaSetUpdate({ ...replicaSet({ replicas: -4 }), metadata: { ...updated } }, old).length, 2);
  assert.deepEqual(messages(validateReplicaSetStatusUpdate({ ...old, status: { replicas: 1, fullyLabeledReplicas: 2, observedGeneration: -1 } }, old)), [
    'status.observedGeneration: Invalid value: -1: must be greater than or equal to 0',
    'status.fullyLabeledReplicas: Invalid value: 2: cannot be greater than status.replicas',
  ]);
});

/** A StatefulSet as the store validates it. */
function statefulSet(spec: Record<string, unknown> = {}): StatefulSet {
  const sts = { metadata: { ...meta }, spec: { serviceName: 'web', selector: { matchLabels: { app: 'web' } }, template: template(), ...spec } } as StatefulSet;
  defaultStatefulSet(sts);
  return sts;
}

test('ValidateStatefulSet as upstream 1.25 (the template PodSpec is not validated)', () => {
  assert.deepEqual(validateStatefulSet(statefulSet()), []);
  assert.deepEqual(validateStatefulSet(statefulSet({ template: template({ app: 'web' }, { containers: [{ name: 'Bad_Name', image: 'x' }] }) })), []);
  const cases: [string, StatefulSet, string[]][] = [
    ['empty selector', statefulSet({ selector: {} }), ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset']],
    ['no selector', statefulSet({ selector: undefined }), ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`']],
    ['bad policy', statefulSet({ podManagementPolicy: 'Random' }), [`spec.podManagementPolicy: Invalid value: "Random": must be 'OrderedReady' or 'Parallel'`]],
    [
      'unknown update strategy',
      statefulSet({ updateStrategy: { type: 'Blue' } }),
      [`spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:"Blue", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be 'RollingUpdate' or 'OnDelete'`],
    ],
    [
      'OnDelete with rollingUpdate',
      statefulSet({ updateStrategy: { type: 'OnDelete', rollingUpdate: { partition: 2 } } }),
      [`spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:2, MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate'`],
    ],
    ['negative partition', statefulSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: -1 } } }), ['spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0']],
    [
      'a bad template label and a deadline',
      statefulSet({ selector: { matchLabels: { 'a b': 'c' } }, template: template({ 'a b': 'c' }, { activeDeadlineSeconds: 1 }) }),
      [
        `spec.selector.matchLabels: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a b":"c"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}',
        'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported',
      ],
    ],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(messages(validateStatefulSet(input)), want, name);
});

test('StatefulSet updates: only replicas, template, updateStrategy, retention policy and minReadySeconds change', () => {
  const old = { ...statefulSet(), metadata: { ...updated } };
  assert.deepEqual(validateStatefulSetUpdate({ ...statefulSet({ replicas: 5, minReadySeconds: 3 }), metadata: { ...updated } }, old), []);
  assert.deepEqual(messages(validateStatefulSetUpdate({ ...statefulSet({ serviceName: 'other' }), metadata: { ...updated } }, old)), [
    "spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
  ]);
  assert.deepEqual(messages(validateStatefulSetStatusUpdate({ ...old, status: { replicas: 1, readyReplicas: 1, availableReplicas: 2, currentReplicas: 3 } }, old)), [
    'status.currentReplicas: Invalid value: 3: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 2: cannot be greater than status.replicas',
    'status.availableReplicas: Invalid value: 2: cannot be greater than status.readyReplicas',
  ]);
});

/** A DaemonSet as the store validates it. */
function daemonSet(spec: Record<string, unknown> = {}): DaemonSet {
  const ds = { metadata: { ...meta }, spec: { selector: { matchLabels: { app: 'web' } }, template: template(), ...spec } } as DaemonSet;
  defaultDaemonSet(ds);
  return ds;
}

test('ValidateDaemonSet as upstream 1.25', () => {
  assert.deepEqual(validateDaemonSet(daemonSet()), []);
  const cases: [string, DaemonSet, string[]][] = [
    ['no selector: only the label mismatch', daemonSet({ selector: undefined }), ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`']],
    ['empty selector', daemonSet({ selector: {} }), ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset']],
    [
      'surge and unavailable both set',
      daemonSet({ updateStrategy: { rollingUpdate: { maxUnavailable: 1, maxSurge: '10%' } } }),
      ['spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"10%"}: may not be set when maxUnavailable is non-zero'],
    ],
    ['both zero', daemonSet({ updateStrategy: { rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } } }), ['spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0']],
    [
      'unknown strategy',
      daemonSet({ updateStrategy: { type: 'Surge' } }),
      ['spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Surge", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"'],
    ],
    ['deadline', daemonSet({ template: template({ app: 'web' }, { activeDeadlineSeconds: 3 }) }), ['spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported']],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(messages(validateDaemonSet(input)), want, name);
  // Upstream's update validation runs the spec checks twice (ValidateDaemonSet and ValidateDaemonSetUpdate).
  const old = { ...daemonSet(), metadata: { ...updated } };
  assert.equal(validateDaemonSetUpdate({ ...daemonSet({ minReadySeconds: -1 }), metadata: { ...updated } }, old).length, 2);
  assert.deepEqual(messages(validateDaemonSetStatusUpdate({ ...old, status: { currentNumberScheduled: -1, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 } }, old)), [
    'status.currentNumberScheduled: Invalid value: -1: must be greater than or equal to 0',
  ]);
});

test('ValidateControllerRevision: data required and immutable, revision not negative', () => {
  const revision: ControllerRevision = { metadata: { ...meta }, data: { a: 1 }, revision: 1 };
  assert.deepEqual(validateControllerRevision(revision), []);
  assert.deepEqual(messages(validateControllerRevision({ metadata: { ...meta }, revision: -1 })), ['data: Required value: data is mandatory', 'revision: Invalid value: -1: must be greater than or equal to 0']);
  const old = { ...revision, metadata: { ...updated } };
  assert.deepEqual(validateControllerRevisionUpdate({ ...old, revision: 7 }, old), []);
  assert.deepEqual(messages(validateControllerRevisionUpdate({ ...old, data: { b: 2 } }, old)), [
    'data: Invalid value: runtime.Unknown{TypeMeta:runtime.TypeMeta{APIVersion:"", Kind:""}, Raw:[]uint8{0x7b, 0x22, 0x62, 0x22, 0x3a, 0x32, 0x7d}, ContentEncoding:"", ContentType:""}: field is immutable',
  ]);
});
