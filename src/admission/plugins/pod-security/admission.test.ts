// PodSecurity admission as upstream v0.25 applies it: pods, namespaces, pod controllers, exemptions, updates.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../../registry/resource-definition.js';
import { isStatusError, type StatusError } from '../../../errors/status-error.js';
import type { AdmissionAttributes, AdmissionOperation } from '../../types.js';
import { isSignificantPodUpdate, PodSecurityAdmission, type PodSecurityOptions } from './admission.js';
import { loadPodSecurityConfiguration } from './configuration.js';
import { newEvaluator, type Evaluator } from './evaluator.js';
import { podSecurityAdmission } from './index.js';

const def = (group: string, resource: string, kind: string) => ({ group, resource, kind, version: 'v1', namespaced: resource !== 'namespaces' }) as unknown as ResourceDefinition;
const PODS = def('', 'pods', 'Pod');
const NAMESPACES = def('', 'namespaces', 'Namespace');

const namespace = (name: string, labels?: Record<string, string>): KubeObject => ({ metadata: { name, ...(labels ? { labels } : {}) } });
const restricted = { 'pod-security.kubernetes.io/enforce': 'restricted' };

/** A pod that violates restricted (and baseline: privileged) unless `safe`. */
function pod(name: string, options: { safe?: boolean; image?: string; privileged?: boolean; owner?: string; runtimeClass?: string } = {}): KubeObject {
  const securityContext = options.safe
    ? { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }
    : { privileged: options.privileged ?? true };
  return {
    metadata: { name, namespace: 'ns', ...(options.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: options.owner, uid: options.owner, controller: true }] } : {}) },
    spec: { ...(options.runtimeClass ? { runtimeClassName: options.runtimeClass } : {}), containers: [{ name: 'c', image: options.image ?? 'nginx', securityContext }] },
  } as KubeObject;
}

function attributes(operation: AdmissionOperation, resource: ResourceDefinition, object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return { operation, def: resource, namespace: resource === NAMESPACES ? '' : 'ns', name: object.metadata.name ?? '', subresource: '', object, dryRun: false, user: { name: 'alice', groups: [] }, warnings: [], ...extra } as AdmissionAttributes;
}

/** The core over an in-memory namespace and pods, counting lookups and evaluations. */
function setup(options: { namespaces?: KubeObject[]; pods?: KubeObject[]; config?: object; core?: PodSecurityOptions } = {}) {
  const namespaces = new Map((options.namespaces ?? [namespace('ns')]).map((n) => [n.metadata.name!, n]));
  const counts = { lookups: 0, evaluations: 0 };
  const evaluator = newEvaluator();
  const counting: Evaluator = { evaluatePod: (lv, meta, spec) => (counts.evaluations++, evaluator.evaluatePod(lv, meta, spec)) };
  const config = options.config ? { data: JSON.stringify({ apiVersion: 'pod-security.admission.config.k8s.io/v1', kind: 'PodSecurityConfiguration', ...options.config }), origin: 'test' } : undefined;
  const core = new PodSecurityAdmission(
    loadPodSecurityConfiguration(config),
    { getNamespace: async (name) => (counts.lookups++, namespaces.get(name)), listPods: async () => options.pods ?? [] },
    { evaluator: counting, ...options.core },
  );
  return { core, counts };
}

function refusal(response: { allowed: boolean; error?: StatusError }): StatusError {
  assert.equal(response.allowed, false);
  assert.ok(response.error && isStatusError(response.error));
  return response.error;
}

describe('PodSecurity: pods', () => {
  it('costs one namespace lookup and no evaluation in a namespace without labels under the default configuration', async () => {
    const { core, counts } = setup();
    assert.deepEqual(await core.validate(attributes('CREATE', PODS, pod('p'))), { allowed: true });
    assert.deepEqual(counts, { lookups: 1, evaluations: 0 });
  });

  it('refuses a pod that violates the enforce level with upstream\'s 403', async () => {
    const { core } = setup({ namespaces: [namespace('ns', restricted)] });
    const error = refusal(await core.validate(attributes('CREATE', PODS, pod('p'))));
    assert.equal(error.code, 403);
    assert.equal(error.status.reason, 'Forbidden');
    assert.deepEqual(error.status.details, { name: 'p', kind: 'pods' });
    assert.equal(
      error.message,
      'pods "p" is forbidden: violates PodSecurity "restricted:latest": privileged (container "c" must not set securityContext.privileged=true), ' +
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
        'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
        'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
  });

  it('warns of the warn level, and not when the pod is refused anyway', async () => {
    const { core } = setup({ namespaces: [namespace('ns', { 'pod-security.kubernetes.io/warn': 'baseline', 'pod-security.kubernetes.io/warn-version': 'v1.24' }), namespace('both', { ...restricted, 'pod-security.kubernetes.io/warn': 'baseline' })] });
    const response = await core.validate(attributes('CREATE', PODS, pod('p')));
    assert.deepEqual(response.warnings, ['would violate PodSecurity "baseline:v1.24": privileged (container "c" must not set securityContext.privileged=true)']);
    const refused = await core.validate(attributes('CREATE', PODS, pod('p'), { namespace: 'both' }));
    assert.equal(refused.allowed, false);
    assert.equal(refused.warnings, undefined);
  });

  it('enforces restricted when the enforce label does not parse (and ignores a warn label that does not)', async () => {
    const { core } = setup({ namespaces: [namespace('ns', { 'pod-security.kubernetes.io/enforce': 'bogus', 'pod-security.kubernetes.io/warn': 'bogus' })] });
    assert.match(refusal(await core.validate(attributes('CREATE', PODS, pod('p', { privileged: false })))).message, /^pods "p" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false/);
    const safe = await core.validate(attributes('CREATE', PODS, pod('p', { safe: true })));
    assert.equal(safe.allowed, true);
    assert.equal(safe.warnings, undefined);
  });

  it('evaluates an update only when it changes what the checks read', async () => {
    const { core, counts } = setup({ namespaces: [namespace('ns', restricted)] });
    const old = pod('p');
    const relabelled = { ...pod('p'), metadata: { ...old.metadata, labels: { a: 'b' } } };
    assert.equal((await core.validate(attributes('UPDATE', PODS, relabelled, { oldObject: old }))).allowed, true);
    assert.equal(counts.evaluations, 0);
    assert.equal((await core.validate(attributes('UPDATE', PODS, pod('p', { image: 'nginx:2' }), { oldObject: old }))).allowed, false);
    // The status and other ignored subresources are not looked at; ephemeralcontainers is evaluated.
    assert.equal((await core.validate(attributes('UPDATE', PODS, pod('p', { image: 'nginx:2' }), { oldObject: old, subresource: 'status' }))).allowed, true);
    const debugged = pod('p');
    (debugged['spec'] as { ephemeralContainers?: unknown[] }).ephemeralContainers = [{ name: 'debug', image: 'busybox' }];
    assert.equal((await core.validate(attributes('UPDATE', PODS, debugged, { oldObject: old, subresource: 'ephemeralcontainers' }))).allowed, false);
  });

  it('isSignificantPodUpdate: containers, images, container seccomp annotations, ephemeral containers; not pod metadata', () => {
    const base = pod('p', { safe: true }) as Parameters<typeof isSignificantPodUpdate>[0];
    const variant = (change: (p: typeof base) => void) => {
      const p = structuredClone(base);
      change(p);
      return isSignificantPodUpdate(p, base);
    };
    assert.equal(variant(() => {}), false);
    assert.equal(variant((p) => (p.metadata.labels = { a: 'b' })), false);
    assert.equal(variant((p) => (p.metadata.annotations = { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' })), false);
    assert.equal(variant((p) => (p.metadata.annotations = { 'container.seccomp.security.alpha.kubernetes.io/c': 'unconfined' })), true);
    assert.equal(variant((p) => (p.spec!.containers[0]!.image = 'other')), true);
    assert.equal(variant((p) => p.spec!.containers.push({ name: 'd', image: 'x' })), true);
    assert.equal(variant((p) => (p.spec!.initContainers = [{ name: 'i', image: 'x' }])), true);
    assert.equal(variant((p) => (p.spec!.ephemeralContainers = [{ name: 'e', image: 'x' }])), true);
    assert.equal(variant((p) => (p.spec!.activeDeadlineSeconds = 5)), false);
  });

  it('lets exempt usernames, namespaces and runtime classes through unevaluated', async () => {
    const { core, counts } = setup({ namespaces: [namespace('ns', restricted), namespace('free', restricted)], config: { exemptions: { usernames: ['jane'], namespaces: ['free'], runtimeClasses: ['kata'] } } });
    assert.equal((await core.validate(attributes('CREATE', PODS, pod('p'), { user: { name: 'jane', groups: [] } }))).allowed, true);
    assert.equal((await core.validate(attributes('CREATE', PODS, pod('p'), { namespace: 'free' }))).allowed, true);
    assert.equal(counts.lookups, 0);
    assert.equal((await core.validate(attributes('CREATE', PODS, pod('p', { runtimeClass: 'kata' })))).allowed, true);
    assert.equal(counts.evaluations, 0);
    assert.equal((await core.validate(attributes('CREATE', PODS, pod('p', { runtimeClass: 'runc' })))).allowed, false);
  });

  it('takes the levels a namespace does not set from the configuration', async () => {
    const { core } = setup({ config: { defaults: { enforce: 'baseline', 'enforce-version': 'v1.23' } }, namespaces: [namespace('ns'), namespace('open', { 'pod-security.kubernetes.io/enforce': 'privileged' })] });
    assert.match(refusal(await core.validate(attributes('CREATE', PODS, pod('p')))).message, /violates PodSecurity "baseline:v1\.23": privileged/);
    assert.equal((await core.validate(attributes('CREATE', PODS, pod('p'), { namespace: 'open' }))).allowed, true);
  });

  it('refuses with a 500 when the namespace cannot be found', async () => {
    const { core } = setup({ namespaces: [] });
    const error = refusal(await core.validate(attributes('CREATE', PODS, pod('p'))));
    assert.equal(error.code, 500);
    assert.equal(error.message, 'Internal error occurred: failed to lookup namespace "ns"');
  });
});

describe('PodSecurity: pod controllers', () => {
  const template = { metadata: { labels: { app: 'a' } }, spec: (pod('t')['spec']) };
  const controllers: [string, ResourceDefinition, KubeObject][] = [
    ['Deployment', def('apps', 'deployments', 'Deployment'), { metadata: { name: 'd' }, spec: { template } }],
    ['ReplicaSet', def('apps', 'replicasets', 'ReplicaSet'), { metadata: { name: 'd' }, spec: { template } }],
    ['StatefulSet', def('apps', 'statefulsets', 'StatefulSet'), { metadata: { name: 'd' }, spec: { template } }],
    ['DaemonSet', def('apps', 'daemonsets', 'DaemonSet'), { metadata: { name: 'd' }, spec: { template } }],
    ['Job', def('batch', 'jobs', 'Job'), { metadata: { name: 'd' }, spec: { template } }],
    ['CronJob', def('batch', 'cronjobs', 'CronJob'), { metadata: { name: 'd' }, spec: { jobTemplate: { spec: { template } } } }],
    ['ReplicationController', def('', 'replicationcontrollers', 'ReplicationController'), { metadata: { name: 'd' }, spec: { template } }],
    ['PodTemplate', def('', 'podtemplates', 'PodTemplate'), { metadata: { name: 'd' }, template } as KubeObject],
  ];
  for (const [kind, resource, object] of controllers) {
    it(`${kind}: warned of the warn level, never refused`, async () => {
      const { core } = setup({ namespaces: [namespace('ns', { ...restricted, 'pod-security.kubernetes.io/warn': 'restricted' })] });
      const response = await core.validate(attributes('CREATE', resource, object));
      assert.equal(response.allowed, true);
      assert.match(response.warnings?.[0] ?? '', /^would violate PodSecurity "restricted:latest": privileged \(container "c" must not set securityContext.privileged=true\), allowPrivilegeEscalation != false/);
    });
  }

  it('are not looked at when only the enforce level is set (1.25: warn does not default to enforce)', async () => {
    const { core, counts } = setup({ namespaces: [namespace('ns', restricted)] });
    assert.deepEqual(await core.validate(attributes('CREATE', controllers[0]![1], controllers[0]![2])), { allowed: true });
    assert.equal(counts.evaluations, 0);
  });

  it('skip subresources and a ReplicationController without a template', async () => {
    const { core, counts } = setup({ namespaces: [namespace('ns', { 'pod-security.kubernetes.io/warn': 'restricted' })] });
    assert.deepEqual(await core.validate(attributes('UPDATE', controllers[0]![1], controllers[0]![2], { subresource: 'scale' })), { allowed: true });
    assert.deepEqual(await core.validate(attributes('CREATE', controllers[6]![1], { metadata: { name: 'rc' }, spec: {} })), { allowed: true });
    assert.equal(counts.evaluations, 0);
  });
});

describe('PodSecurity: namespaces', () => {
  it('refuses labels that do not parse with upstream\'s 422', async () => {
    const { core } = setup();
    const error = refusal(await core.validate(attributes('CREATE', NAMESPACES, namespace('bad', { 'pod-security.kubernetes.io/enforce': 'bogus', 'pod-security.kubernetes.io/warn-version': '1.25' }))));
    assert.equal(error.code, 422);
    assert.equal(
      error.message,
      'Namespace "bad" is invalid: [metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "bogus": must be one of privileged, baseline, restricted, metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.25": must be "latest" or "v1.x"]',
    );
    assert.deepEqual(error.status.details, {
      name: 'bad',
      group: '',
      kind: 'Namespace',
      causes: [
        { reason: 'FieldValueInvalid', message: 'Invalid value: "bogus": must be one of privileged, baseline, restricted', field: 'metadata.labels[pod-security.kubernetes.io/enforce]' },
        { reason: 'FieldValueInvalid', message: 'Invalid value: "1.25": must be "latest" or "v1.x"', field: 'metadata.labels[pod-security.kubernetes.io/warn-version]' },
      ],
    });
  });

  it('lets an update keep labels that already did not parse', async () => {
    const { core } = setup();
    const old = namespace('ns', { 'pod-security.kubernetes.io/audit': 'bogus' });
    assert.equal((await core.validate(attributes('UPDATE', NAMESPACES, namespace('ns', { 'pod-security.kubernetes.io/audit': 'bogus', other: 'x' }), { oldObject: old }))).allowed, true);
    assert.equal((await core.validate(attributes('UPDATE', NAMESPACES, namespace('ns', { 'pod-security.kubernetes.io/audit': 'bogus2' }), { oldObject: old }))).allowed, false);
  });

  it('warns about existing pods when the enforce level tightens, one line per set of violations', async () => {
    const pods = [pod('web-1', { owner: 'rs1' }), pod('web-2', { owner: 'rs1' }), pod('web-0', { owner: 'rs2' }), pod('solo', { safe: true }), pod('lone', { image: 'x', privileged: false })];
    const { core } = setup({ pods });
    const response = await core.validate(attributes('UPDATE', NAMESPACES, namespace('ns', restricted), { oldObject: namespace('ns') }));
    assert.deepEqual(response.warnings, [
      'existing pods in namespace "ns" violate the new PodSecurity enforce level "restricted:latest"',
      'lone: allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
      'web-0 (and 2 other pods): privileged, allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile',
    ]);
    const baseline = await core.validate(attributes('UPDATE', NAMESPACES, namespace('ns', { 'pod-security.kubernetes.io/enforce': 'baseline' }), { oldObject: namespace('ns') }));
    assert.deepEqual(baseline.warnings, ['existing pods in namespace "ns" violate the new PodSecurity enforce level "baseline:latest"', 'web-0 (and 2 other pods): privileged']);
  });

  it('does not look at the pods when the enforce policy is unchanged, privileged, or relaxed at the same version', async () => {
    const { core, counts } = setup({ pods: [pod('p')] });
    const update = (labels: Record<string, string>, old: Record<string, string>) => core.validate(attributes('UPDATE', NAMESPACES, namespace('ns', labels), { oldObject: namespace('ns', old) }));
    assert.deepEqual(await update({ ...restricted, a: 'b' }, restricted), { allowed: true });
    assert.deepEqual(await update({ 'pod-security.kubernetes.io/enforce': 'privileged' }, restricted), { allowed: true });
    assert.deepEqual(await update({ 'pod-security.kubernetes.io/enforce': 'baseline' }, restricted), { allowed: true });
    assert.equal(counts.evaluations, 0);
    // Another version is checked even when the level is looser.
    assert.equal((await update({ 'pod-security.kubernetes.io/enforce': 'baseline', 'pod-security.kubernetes.io/enforce-version': 'v1.20' }, restricted)).warnings?.length, 2);
  });

  it('checks at most the bound of pods, within the time allowed', async () => {
    const pods = Array.from({ length: 5 }, (_, i) => pod(`p${i}`));
    const bounded = setup({ pods, core: { maxPodsToCheck: 3 } });
    const warnings = (await bounded.core.validate(attributes('UPDATE', NAMESPACES, namespace('ns', restricted), { oldObject: namespace('ns') }))).warnings ?? [];
    assert.equal(warnings[0], 'new PodSecurity enforce level only checked against the first 3 of 5 existing pods');
    assert.match(warnings[2] ?? '', /^p0 \(and 2 other pods\): privileged/);
    let clock = 0;
    const slow = setup({ pods, core: { now: () => (clock += 600) } });
    const timed = (await slow.core.validate(attributes('UPDATE', NAMESPACES, namespace('ns', restricted), { oldObject: namespace('ns') }))).warnings ?? [];
    assert.equal(timed[0], 'new PodSecurity enforce level only checked against the first 2 of 5 existing pods');
  });

  it('tells an exempt namespace that its policy is ignored, and does not look at its pods', async () => {
    const { core, counts } = setup({ pods: [pod('p')], config: { exemptions: { namespaces: ['kube-system'] } } });
    const labels = { ...restricted, 'pod-security.kubernetes.io/warn': 'baseline', 'pod-security.kubernetes.io/audit-version': 'v1.24' };
    const created = await core.validate(attributes('CREATE', NAMESPACES, namespace('kube-system', labels)));
    assert.deepEqual(created.warnings, ['namespace "kube-system" is exempt from Pod Security, and the policy (enforce=restricted:latest, warn=baseline:latest) will be ignored']);
    const updated = await core.validate(attributes('UPDATE', NAMESPACES, namespace('kube-system', labels), { oldObject: namespace('kube-system') }));
    assert.deepEqual(updated.warnings, created.warnings);
    assert.equal(counts.evaluations, 0);
  });

  it('warns when the pods cannot be listed', async () => {
    const failing = new PodSecurityAdmission(loadPodSecurityConfiguration(undefined), { getNamespace: async () => undefined, listPods: async () => Promise.reject(new Error('down')) });
    assert.deepEqual((await failing.validate(attributes('UPDATE', NAMESPACES, namespace('ns', restricted), { oldObject: namespace('ns') }))).warnings, ['failed to list pods while checking new PodSecurity enforce level']);
  });
});

describe('the PodSecurity plugin', () => {
  const plugin = (labels: Record<string, string>) =>
    podSecurityAdmission(loadPodSecurityConfiguration(undefined), { getNamespace: async (name) => namespace(name, labels), listPods: async () => [] });

  it('adds its warnings to the response and throws its refusal', async () => {
    const warned = attributes('CREATE', PODS, pod('p'));
    await plugin({ 'pod-security.kubernetes.io/warn': 'baseline' }).validate!(warned);
    assert.deepEqual(warned.warnings, ['would violate PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)']);
    await assert.rejects(Promise.resolve(plugin(restricted).validate!(attributes('CREATE', PODS, pod('p')))), (e: unknown) => isStatusError(e) && e.code === 403);
  });

  it('looks at creates and updates of pods, namespaces and pod controllers only', async () => {
    const p = plugin(restricted);
    await p.validate!(attributes('DELETE', PODS, pod('p'), { oldObject: pod('p') }));
    await p.validate!(attributes('CREATE', def('', 'configmaps', 'ConfigMap'), { metadata: { name: 'c' }, spec: { containers: [{ name: 'c', securityContext: { privileged: true } }] } } as KubeObject));
    await p.validate!(attributes('CREATE', def('apps', 'controllerrevisions', 'ControllerRevision'), pod('r')));
  });
});
