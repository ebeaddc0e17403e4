import assert from 'node:assert/strict';
import { NO_WEBHOOK_METRICS } from './webhook/index.js';
import { describe, it } from 'node:test';
import { aggregateMessage } from '../errors/aggregate.js';
import { admissionSelectionErrors, ALL_ORDERED_PLUGINS, DEFAULT_ON_PLUGINS, enabledPluginNames } from './plugin-names.js';
import { buildAdmission, IMPLEMENTED_ADMISSION_PLUGINS } from './registry.js';

const DEFAULTS = [
  'NamespaceLifecycle', 'LimitRanger', 'ServiceAccount', 'TaintNodesByCondition', 'PodSecurity', 'Priority',
  'DefaultTolerationSeconds', 'DefaultStorageClass', 'StorageObjectInUseProtection', 'PersistentVolumeClaimResize',
  'RuntimeClass', 'CertificateApproval', 'CertificateSigning', 'CertificateSubjectRestriction', 'DefaultIngressClass',
  'MutatingAdmissionWebhook', 'ValidatingAdmissionWebhook', 'ResourceQuota',
];

describe('enabledPluginNames', () => {
  it('runs the default-on plugins in upstream order', () => assert.deepEqual(enabledPluginNames({}), DEFAULTS));
  it('every default-on plugin is a known one', () => assert.ok([...DEFAULT_ON_PLUGINS].every((name) => ALL_ORDERED_PLUGINS.includes(name))));

  const cases: { enable?: string[]; disable?: string[]; added?: string[]; removed?: string[] }[] = [
    { disable: ['Priority'], removed: ['Priority'] },
    { disable: ['Priority', 'NamespaceLifecycle'], removed: ['Priority', 'NamespaceLifecycle'] },
    { enable: ['AlwaysPullImages'], added: ['AlwaysPullImages'] },
    { enable: ['NamespaceLifecycle'] },
    { disable: ['AlwaysDeny'] },
  ];
  for (const c of cases) {
    it(`enable=${c.enable ?? []} disable=${c.disable ?? []}`, () => {
      const expected = ALL_ORDERED_PLUGINS.filter((name) => (DEFAULTS.includes(name) && !(c.removed ?? []).includes(name)) || (c.added ?? []).includes(name));
      assert.deepEqual(enabledPluginNames({ ...(c.enable ? { enable: c.enable } : {}), ...(c.disable ? { disable: c.disable } : {}) }), expected);
    });
  }
  it('orders enabled plugins by upstream order, not by the flag', () => {
    const names = enabledPluginNames({ enable: ['AlwaysDeny', 'AlwaysAdmit'] });
    assert.equal(names[0], 'AlwaysAdmit');
    assert.equal(names.at(-1), 'AlwaysDeny');
  });
});

describe('admissionSelectionErrors', () => {
  // As if kplane lacked PersistentVolumeLabel (it implements every plugin of 1.25 now).
  const implemented = new Set([...IMPLEMENTED_ADMISSION_PLUGINS].filter((name) => name !== 'PersistentVolumeLabel'));
  const cases: { enable?: string[]; disable?: string[]; errors: string[] }[] = [
    { enable: ['Priority', 'DefaultIngressClass'], disable: ['NamespaceLifecycle', 'LimitRanger'], errors: [] },
    { enable: ['Bogus'], errors: ['enable-admission-plugins plugin "Bogus" is unknown'] },
    { disable: ['priority'], errors: ['disable-admission-plugins plugin "priority" is unknown'] },
    { enable: ['Priority'], disable: ['Priority'], errors: ['[Priority] in enable-admission-plugins and disable-admission-plugins overlapped'] },
    { enable: ['PersistentVolumeLabel'], errors: ['enable-admission-plugins plugin "PersistentVolumeLabel" is not implemented by kplane (it implements DefaultIngressClass, NamespaceLifecycle, Priority)'] },
  ];
  for (const c of cases) {
    it(`enable=${c.enable ?? []} disable=${c.disable ?? []}`, () => {
      const errors = admissionSelectionErrors({ ...(c.enable ? { enable: c.enable } : {}), ...(c.disable ? { disable: c.disable } : {}) }, implemented);
      // Another helper may implement more plugins: compare the sentence up to the list of implemented ones.
      assert.deepEqual(errors.map((e) => e.replace(/ \(it implements .*\)$/, '')), c.errors.map((e) => e.replace(/ \(it implements .*\)$/, '')));
    });
  }
  it('aggregates several errors as upstream prints them', () => {
    assert.equal(aggregateMessage(['a']), 'a');
    assert.equal(aggregateMessage(['a', 'b']), '[a, b]');
  });
});

describe('buildAdmission', () => {
  const deps = { getNamespace: async () => undefined, createNamespace: async () => undefined, listPriorityClasses: async () => [], listIngressClasses: async () => [], listLimitRanges: async () => [], listStorageClasses: async () => [], getStorageClass: async () => undefined, getRuntimeClass: async () => undefined, getServiceAccount: async (namespace: string, name: string) => ({ metadata: { name, namespace } }), authorizer: () => undefined, resourcesOf: () => [], getPod: async () => undefined, getNode: async () => undefined, webhooks: { source: { mutating: [], validating: [] }, metrics: NO_WEBHOOK_METRICS, equivalents: () => [], getService: async () => undefined, getEndpoints: async () => undefined }, listPods: async () => [], resourceQuotas: { cached: () => [], live: async () => [], updateStatus: async (q: never) => q } };
  it('refuses a selection upstream refuses', () => {
    assert.throws(() => buildAdmission({ enable: ['Bogus', 'Priority'], disable: ['Priority'] }, deps), /^Error: \[enable-admission-plugins plugin "Bogus" is unknown, \[Priority\] in enable-admission-plugins and disable-admission-plugins overlapped\]/);
  });
  it('leaves out disabled plugins', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: {} as Record<string, unknown> };
    const def = { group: '', version: 'v1', kind: 'Pod', resource: 'pods', namespaced: true } as unknown as Parameters<ReturnType<typeof buildAdmission>['mutate']>[0]['def'];
    const attributes = (object: typeof pod) => ({ operation: 'CREATE' as const, def, namespace: 'ns', name: 'p', subresource: '', object, dryRun: false });
    const withPriority = structuredClone(pod);
    await buildAdmission({ disable: ['NamespaceLifecycle'] }, deps).mutate(attributes(withPriority));
    assert.equal(withPriority.spec['priority'], 0);
    const without = structuredClone(pod);
    await buildAdmission({ disable: ['NamespaceLifecycle', 'Priority'] }, deps).mutate(attributes(without));
    assert.equal(without.spec['priority'], undefined);
  });
});
