// The ServiceAccount admission plugin on pod creates (upstream plugin/pkg/admission/serviceaccount cases).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Pod } from '../../apis/core/v1/schemas.generated.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { serviceAccountAdmission, tokenVolumeSource } from './service-account.js';

const podsDef = { group: '', resource: 'pods' } as ResourceDefinition;
const accounts: Record<string, KubeObject & { automountServiceAccountToken?: boolean; imagePullSecrets?: { name: string }[] }> = {
  'ns/default': { metadata: { name: 'default', namespace: 'ns' }, imagePullSecrets: [{ name: 'registry' }] },
  'ns/quiet': { metadata: { name: 'quiet', namespace: 'ns' }, automountServiceAccountToken: false },
  'ns/strict': { metadata: { name: 'strict', namespace: 'ns', annotations: { 'kubernetes.io/enforce-mountable-secrets': 'true' } }, automountServiceAccountToken: false, secrets: [{ name: 'ok' }], imagePullSecrets: [{ name: 'pull' }] },
};
let lookups = 0;
const plugin = serviceAccountAdmission(async (ns, name) => {
  lookups++;
  return accounts[`${ns}/${name}`];
}, 0);

const pod = (spec: Partial<Pod['spec']> = {}, annotations?: Record<string, string>): Pod =>
  ({ metadata: { name: 'p', namespace: 'ns', ...(annotations ? { annotations } : {}) }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } }) as Pod;
const attributes = (object: Pod, over: Partial<AdmissionAttributes> = {}): AdmissionAttributes =>
  ({ operation: 'CREATE', def: podsDef, namespace: 'ns', name: 'p', subresource: '', object: object as unknown as KubeObject, dryRun: false, ...over });
const admit = async (object: Pod): Promise<Pod> => {
  const a = attributes(object);
  await plugin.admit!(a);
  await plugin.validate!(a);
  return object;
};

describe('ServiceAccount admission', () => {
  test('the default account, its pull secrets and the API access volume in every container', async () => {
    const out = await admit(pod({ initContainers: [{ name: 'init', image: 'i' }] }));
    const spec = out.spec!;
    assert.equal(spec.serviceAccountName, 'default');
    assert.equal(spec.serviceAccount, 'default');
    assert.deepEqual(spec.imagePullSecrets, [{ name: 'registry' }]);
    const volume = spec.volumes?.[0];
    assert.match(volume?.name ?? '', /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    assert.deepEqual(volume?.projected, tokenVolumeSource());
    for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) assert.deepEqual(c.volumeMounts, [{ name: volume?.name, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }]);
  });

  test('automount: the pod decides, else the account; a container with its own mount at the path keeps it', async () => {
    assert.equal((await admit(pod({ serviceAccountName: 'quiet' }))).spec?.volumes, undefined);
    assert.equal((await admit(pod({ serviceAccountName: 'quiet', automountServiceAccountToken: true }))).spec?.volumes?.length, 1);
    assert.equal((await admit(pod({ automountServiceAccountToken: false }))).spec?.volumes, undefined);
    const own = { name: 'mine', mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' };
    const out = await admit(pod({ containers: [{ name: 'a', image: 'i', volumeMounts: [own] }, { name: 'b', image: 'i' }], imagePullSecrets: [{ name: 'own' }] }));
    assert.deepEqual(out.spec?.containers[0]?.volumeMounts, [own]);
    assert.equal(out.spec?.containers[1]?.volumeMounts?.length, 1);
    assert.deepEqual(out.spec?.imagePullSecrets, [{ name: 'own' }], 'the pod\'s own pull secrets stay');
    const existing = await admit(pod({ volumes: [{ name: 'kube-api-access-abcde', emptyDir: {} }] }));
    assert.equal(existing.spec?.volumes?.length, 1, 'an existing kube-api-access volume is reused');
    assert.equal(existing.spec?.containers[0]?.volumeMounts?.[0]?.name, 'kube-api-access-abcde');
  });

  test('the deprecated serviceAccount field names the account', async () => {
    assert.equal((await admit(pod({ serviceAccount: 'quiet' }))).spec?.serviceAccountName, 'quiet');
  });

  test('a missing account is refused; the default one is looked up ten times first', async () => {
    await assert.rejects(admit(pod({ serviceAccountName: 'ghost' })), { message: 'pods "p" is forbidden: error looking up service account ns/ghost: serviceaccount "ghost" not found' });
    lookups = 0;
    const other = pod();
    await assert.rejects(async () => plugin.admit!(attributes(other, { namespace: 'empty' })), /serviceaccount "default" not found/);
    assert.equal(lookups, 10);
  });

  test('mirror pods are not changed and may not reference accounts, secrets or tokens', async () => {
    const mirror = { 'kubernetes.io/config.mirror': 'x' };
    const out = await admit(pod({}, mirror));
    assert.equal(out.spec?.serviceAccountName, undefined);
    await assert.rejects(admit(pod({ serviceAccountName: 'default' }, mirror)), /a mirror pod may not reference service accounts/);
    await assert.rejects(admit(pod({ volumes: [{ name: 's', secret: { secretName: 'x' } }] }, mirror)), /a mirror pod may not reference secrets/);
    await assert.rejects(admit(pod({ volumes: [{ name: 't', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } }] }, mirror)), /a mirror pod may not use ServiceAccountToken volume projections/);
  });

  test('an account enforcing mountable secrets limits volumes, env and pull secrets to its own', async () => {
    const base = { serviceAccountName: 'strict' };
    await admit(pod({ ...base, volumes: [{ name: 'v', secret: { secretName: 'ok' } }], imagePullSecrets: [{ name: 'pull' }] }));
    await assert.rejects(admit(pod({ ...base, volumes: [{ name: 'v', secret: { secretName: 'other' } }] })), { message: 'pods "p" is forbidden: volume with secret.secretName="other" is not allowed because service account strict does not reference that secret' });
    await assert.rejects(admit(pod({ ...base, initContainers: [{ name: 'i', image: 'i', env: [{ name: 'E', valueFrom: { secretKeyRef: { name: 'other', key: 'k' } } }] }] })), /init container i with envVar E referencing secret.secretName="other" is not allowed because service account strict does not reference that secret/);
    await assert.rejects(admit(pod({ ...base, imagePullSecrets: [{ name: 'pull' }, { name: 'other' }] })), /spec.imagePullSecrets\[1\].name: invalid value "other": image pull secret is not allowed because service account strict does not reference that image pull secret/);
  });

  test('only pod creates', async () => {
    const object = pod();
    await plugin.admit!(attributes(object, { operation: 'UPDATE' }));
    await plugin.admit!(attributes(object, { subresource: 'status' }));
    assert.equal(object.spec?.serviceAccountName, undefined);
  });
});
