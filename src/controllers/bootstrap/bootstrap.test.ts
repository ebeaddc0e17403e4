// The bootstrap signer and the token cleaner through a loopback over real stores (memory backend).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { flattenedVerify } from 'jose';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { detachedSignature } from '../../auth/bootstrap-token/index.js';
import { builtInTestStores, startServedLoopback, type TestLoopback } from '../../server/test-loopback.js';
import { until } from '../test-eventually.js';
import { bootstrapSignerController } from './bootstrap-signer.js';
import { tokenCleanerController } from './token-cleaner.js';

const write = { dryRun: false };
const b64 = (s: string) => Buffer.from(s).toString('base64');
const tokenSecret = (id: string, data: Record<string, string>, extra: Partial<KubeObject> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Secret', metadata: { name: `bootstrap-token-${id}`, namespace: 'kube-system' }, type: 'bootstrap.kubernetes.io/token',
  data: Object.fromEntries(Object.entries({ 'token-id': id, 'token-secret': '0123456789abcdef', ...data }).map(([k, v]) => [k, b64(v)])),
  ...extra,
});

describe('bootstrap controllers', () => {
  // The namespaces are not made here: NamespaceLifecycle stays out of the way.
  const served = builtInTestStores({ admissionPlugins: { disable: ['NamespaceLifecycle'] } });
  const store = (resource: string) => served.stores.find((s) => s.def.group === '' && s.def.resource === resource)!;
  const secrets = store('secrets');
  const configMaps = store('configmaps');
  let loopback: TestLoopback;
  before(async () => {
    loopback = await startServedLoopback(served);
  });
  after(async () => {
    await loopback.close();
  });

  const data = async (): Promise<Record<string, string>> => ((await configMaps.get('kube-public', 'cluster-info')).object['data'] as Record<string, string>);

  test('the signer signs cluster-info per signing token, follows the kubeconfig and drops signatures of tokens gone', async () => {
    const signer = bootstrapSignerController(loopback.runtime.contextFor('bootstrapsigner'), { secrets: secrets.def, configMaps: configMaps.def });
    await signer.start();
    try {
      await configMaps.create('kube-public', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cluster-info', namespace: 'kube-public' }, data: { kubeconfig: 'one', other: 'kept' } }, write);
      await secrets.create('kube-system', tokenSecret('abcdef', { 'usage-bootstrap-signing': 'true' }), write);
      await secrets.create('kube-system', tokenSecret('nosign', { 'usage-bootstrap-authentication': 'true' }), write);
      await secrets.create('kube-system', tokenSecret('old000', { 'usage-bootstrap-signing': 'true', expiration: '2020-01-01T00:00:00Z' }), write);
      await secrets.create('kube-system', tokenSecret('second', { 'usage-bootstrap-signing': 'true' }), write);
      await until(async () => ((await data())['jws-kubeconfig-second'] ? true : undefined), 'signatures');
      let d = await data();
      assert.deepEqual(Object.keys(d).sort(), ['jws-kubeconfig-abcdef', 'jws-kubeconfig-second', 'kubeconfig', 'other']);
      assert.equal(d['jws-kubeconfig-abcdef'], await detachedSignature('one', 'abcdef', '0123456789abcdef'));
      const [header, , signature] = d['jws-kubeconfig-abcdef']!.split('.');
      await flattenedVerify({ protected: header!, payload: Buffer.from('one').toString('base64url'), signature: signature! }, new TextEncoder().encode('abcdef.0123456789abcdef'.padEnd(32, '\0')));

      await configMaps.update('kube-public', 'cluster-info', (cur) => ({ ...structuredClone(cur as KubeObject), data: { kubeconfig: 'two' } }), write);
      d = await until(async () => { const x = await data(); return x['jws-kubeconfig-second'] === (await detachedSignature('two', 'second', '0123456789abcdef')) ? x : undefined; }, 're-signing');
      assert.equal(d['jws-kubeconfig-abcdef'], await detachedSignature('two', 'abcdef', '0123456789abcdef'));

      await secrets.delete('kube-system', 'bootstrap-token-second', {}, write);
      d = await until(async () => { const x = await data(); return x['jws-kubeconfig-second'] === undefined ? x : undefined; }, 'the signature to go');
      assert.deepEqual(Object.keys(d).sort(), ['jws-kubeconfig-abcdef', 'kubeconfig']);
      signer.check();
    } finally {
      signer.stop();
    }
  });

  test('the token cleaner deletes expired token Secrets of kube-system only', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const cleaner = tokenCleanerController(loopback.runtime.contextFor('tokencleaner'), { secrets: secrets.def, now: () => now });
    await secrets.create('kube-system', tokenSecret('gone01', { expiration: '2025-12-31T23:59:59Z' }), write);
    await secrets.create('kube-system', tokenSecret('gone02', { expiration: 'not a time' }), write);
    await secrets.create('kube-system', tokenSecret('stays1', { expiration: '2026-01-02T00:00:00Z' }), write);
    await secrets.create('kube-system', tokenSecret('stays2', {}, { type: 'Opaque' }), write);
    await secrets.create('kube-system', { ...tokenSecret('stays3', { expiration: '2020-01-01T00:00:00Z' }), type: 'Opaque' }, write);
    await secrets.create('default', { ...tokenSecret('stays4', { expiration: '2020-01-01T00:00:00Z' }), metadata: { name: 'bootstrap-token-stays4', namespace: 'default' } }, write);
    await cleaner.start();
    try {
      const names = async () => (await secrets.list('', {})).items.map((i) => i.object.metadata.name ?? '').filter((n) => /gone|stays/.test(n)).sort();
      await until(async () => ((await names()).some((n) => n.includes('gone')) ? undefined : true), 'expired tokens to be deleted');
      assert.deepEqual(await names(), ['bootstrap-token-stays1', 'bootstrap-token-stays2', 'bootstrap-token-stays3', 'bootstrap-token-stays4']);
    } finally {
      cleaner.stop();
    }
  });
});
