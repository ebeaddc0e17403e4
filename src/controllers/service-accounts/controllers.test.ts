// The service account, token and root CA controllers through a loopback over memory stores.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { configMapDefinition } from '../../apis/core/v1/configmap.js';
import { namespaceDefinition } from '../../apis/core/v1/namespace.js';
import { secretDefinition } from '../../apis/core/v1/secret.js';
import { serviceAccountDefinition } from '../../apis/core/v1/serviceaccount.js';
import { memoryStores } from '../../apis/core/v1/pod/subresources/test-stores.js';
import { parseSigningKeyPem } from '../../auth/service-accounts/keys.js';
import { tokenGenerator } from '../../auth/service-accounts/token-generator.js';
import { getIfExists } from '../../registry/store/index.js';
import { testLoopback, type TestLoopback } from '../../server/test-loopback.js';
import type { Controller } from '../controller.js';
import { rootCAPublisher } from './root-ca-publisher.js';
import { serviceAccountController } from './service-account-controller.js';
import { tokensController } from './tokens-controller.js';
import { until } from '../test-eventually.js';

const CA = '-----BEGIN CERTIFICATE-----\nQ0E=\n-----END CERTIFICATE-----\n';
const key = parseSigningKeyPem(generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey);
const write = { dryRun: false };
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('service account controllers', () => {
  const env = memoryStores([namespaceDefinition, serviceAccountDefinition, secretDefinition, configMapDefinition] as unknown as ResourceDefinition[]);
  const [namespaces, serviceAccounts, secrets, configMaps] = env.stores as [typeof env.stores[0], typeof env.stores[0], typeof env.stores[0], typeof env.stores[0]];
  let controllers: Controller[] = [];
  let loopback: TestLoopback;
  before(async () => {
    await env.start();
    loopback = await testLoopback(env.stores);
    const contextFor = loopback.runtime.contextFor;
    await namespaces.create('', { metadata: { name: 'early' } }, write);
    controllers = [
      serviceAccountController(contextFor('serviceaccount'), { namespaces: namespaces.def, serviceAccounts: serviceAccounts.def }),
      rootCAPublisher(contextFor('root-ca-cert-publisher'), { namespaces: namespaces.def, configMaps: configMaps.def, rootCA: CA }),
      tokensController(contextFor('serviceaccount-token'), { serviceAccounts: serviceAccounts.def, secrets: secrets.def, generator: tokenGenerator('kubernetes/serviceaccount', key), rootCA: CA }),
    ];
    for (const c of controllers) await c.start();
  });
  after(async () => {
    for (const c of controllers) await c.stop();
    await loopback.close();
    await env.stop();
  });

  test('every active namespace gets default, again when deleted; not a terminating one', async () => {
    await until(() => getIfExists(serviceAccounts, 'early', 'default'), 'default in a namespace that existed at start');
    await namespaces.create('', { metadata: { name: 'later' } }, write);
    await until(() => getIfExists(serviceAccounts, 'later', 'default'), 'default in a new namespace');
    await namespaces.create('', { metadata: { name: 'leaving' } }, write);
    await until(() => getIfExists(serviceAccounts, 'leaving', 'default'), 'default in leaving');
    await namespaces.delete('', 'leaving', {}, write); // Terminating: no namespace controller finalizes it here
    // The controller's namespace informer takes events in order: once it has made `default` in a namespace
    // created after the deletion, it has seen `leaving` terminate (else the account's deletion, on another
    // watch, may reach it first, and it would rightly make one again: the namespace controller's to remove).
    await namespaces.create('', { metadata: { name: 'after-leaving' } }, write);
    await until(() => getIfExists(serviceAccounts, 'after-leaving', 'default'), 'default in a namespace made after the deletion');
    await serviceAccounts.delete('leaving', 'default', {}, write);
    await serviceAccounts.delete('later', 'default', {}, write);
    await until(() => getIfExists(serviceAccounts, 'later', 'default'), 'default again');
    assert.equal(await getIfExists(serviceAccounts, 'leaving', 'default'), undefined, 'none in a terminating namespace');
    for (const c of controllers) c.check();
  });

  test('kube-root-ca.crt in every namespace, repaired when edited, back when deleted', async () => {
    const cm = await until(() => getIfExists(configMaps, 'later', 'kube-root-ca.crt'), 'the root CA');
    assert.deepEqual(cm['data'], { 'ca.crt': CA });
    assert.ok(cm.metadata.annotations?.['kubernetes.io/description']?.startsWith('Contains a CA bundle'));
    await configMaps.update('later', 'kube-root-ca.crt', (current) => ({ ...(current as KubeObject), data: { 'ca.crt': 'edited', extra: 'x' } }), write);
    await until(async () => ((await getIfExists(configMaps, 'later', 'kube-root-ca.crt'))?.['data'] as Record<string, string>)['ca.crt'] === CA ? true : undefined, 'the repair');
    await configMaps.delete('later', 'kube-root-ca.crt', {}, write);
    await until(() => getIfExists(configMaps, 'later', 'kube-root-ca.crt'), 'the root CA again');
  });

  test('token secrets: populated, repaired, deleted with their account, and leaving its secrets list', async () => {
    const sa = (await serviceAccounts.create('early', { metadata: { name: 'robot' }, secrets: [{ name: 'robot-token' }] } as KubeObject, write)).object;
    await secrets.create('early', { metadata: { name: 'robot-token', annotations: { 'kubernetes.io/service-account.name': 'robot' } }, type: 'kubernetes.io/service-account-token' } as KubeObject, write);
    const filled = await until(async () => {
      const s = await getIfExists(secrets, 'early', 'robot-token');
      return (s?.['data'] as Record<string, string> | undefined)?.['token'] ? s : undefined;
    }, 'the token');
    const data = filled['data'] as Record<string, string>;
    assert.equal(data['ca.crt'], b64(CA));
    assert.equal(data['namespace'], b64('early'));
    assert.equal(filled.metadata.annotations?.['kubernetes.io/service-account.uid'], sa.metadata.uid);
    const claims = JSON.parse(Buffer.from(Buffer.from(data['token'] ?? '', 'base64').toString().split('.')[1] ?? '', 'base64url').toString()) as Record<string, string>;
    assert.equal(claims['kubernetes.io/serviceaccount/secret.name'], 'robot-token');
    assert.equal(claims['iss'], 'kubernetes/serviceaccount');
    // Edited away, the CA comes back and the token stays.
    await secrets.update('early', 'robot-token', (current) => ({ ...(current as KubeObject), data: { token: data['token'] ?? '' } }), write);
    await until(async () => ((await getIfExists(secrets, 'early', 'robot-token'))?.['data'] as Record<string, string>)['ca.crt'] ? true : undefined, 'the repair');
    // No secret is created for an account (1.25).
    assert.deepEqual((await secrets.list('early', {})).items.map((i) => i.object.metadata.name), ['robot-token']);
    await secrets.delete('early', 'robot-token', {}, write);
    await until(async () => (((await getIfExists(serviceAccounts, 'early', 'robot'))?.['secrets'] as unknown[] | undefined) ?? []).length === 0 ? true : undefined, 'the reference removed');
    await secrets.create('early', { metadata: { name: 'robot-token-2', annotations: { 'kubernetes.io/service-account.name': 'robot' } }, type: 'kubernetes.io/service-account-token' } as KubeObject, write);
    await until(async () => ((await getIfExists(secrets, 'early', 'robot-token-2'))?.['data'] ? true : undefined), 'the second token');
    await serviceAccounts.delete('early', 'robot', {}, write);
    await until(async () => ((await getIfExists(secrets, 'early', 'robot-token-2')) ? undefined : true), 'the secret deleted with its account');
    await secrets.create('early', { metadata: { name: 'orphan', annotations: { 'kubernetes.io/service-account.name': 'nobody' } }, type: 'kubernetes.io/service-account-token' } as KubeObject, write);
    await until(async () => ((await getIfExists(secrets, 'early', 'orphan')) ? undefined : true), 'a secret of no account deleted');
  });
});

describe('serviceaccount-token with LegacyServiceAccountTokenNoAutoGeneration off', () => {
  const env = memoryStores([namespaceDefinition, serviceAccountDefinition, secretDefinition] as unknown as ResourceDefinition[]);
  const [namespaces, serviceAccounts, secrets] = env.stores as [typeof env.stores[0], typeof env.stores[0], typeof env.stores[0]];
  let controller: Controller;
  let loopback: TestLoopback;
  before(async () => {
    await env.start();
    loopback = await testLoopback(env.stores);
    await namespaces.create('', { metadata: { name: 'auto' } }, write);
    controller = tokensController(loopback.runtime.contextFor('serviceaccount-token'), { serviceAccounts: serviceAccounts.def, secrets: secrets.def, generator: tokenGenerator('kubernetes/serviceaccount', key), rootCA: CA, autoGenerate: true });
    await controller.start();
  });
  after(async () => {
    await controller.stop();
    await loopback.close();
    await env.stop();
  });

  const referenced = (name: string) => until(async () => {
    const refs = ((await getIfExists(serviceAccounts, 'auto', name))?.['secrets'] ?? []) as { name: string }[];
    return refs.length > 0 ? refs : undefined;
  }, `a token referenced by ${name}`);

  test('every account gets a token secret it references; a deleted one is replaced', async () => {
    const sa = (await serviceAccounts.create('auto', { metadata: { name: 'bot' } } as KubeObject, write)).object;
    const [ref] = await referenced('bot');
    assert.match(ref?.name ?? '', /^bot-token-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    const secret = (await secrets.get('auto', ref?.name ?? '')).object;
    assert.equal(secret['type'], 'kubernetes.io/service-account-token');
    assert.deepEqual(secret.metadata.annotations, { 'kubernetes.io/service-account.name': 'bot', 'kubernetes.io/service-account.uid': sa.metadata.uid });
    const data = secret['data'] as Record<string, string>;
    assert.deepEqual([data['ca.crt'], data['namespace']], [b64(CA), b64('auto')]);
    const claims = JSON.parse(Buffer.from(Buffer.from(data['token'] ?? '', 'base64').toString().split('.')[1] ?? '', 'base64url').toString()) as Record<string, string>;
    assert.equal(claims['kubernetes.io/serviceaccount/secret.name'], ref?.name);
    await secrets.delete('auto', ref?.name ?? '', {}, write);
    const [again] = await until(async () => {
      const refs = ((await getIfExists(serviceAccounts, 'auto', 'bot'))?.['secrets'] ?? []) as { name: string }[];
      return refs.length === 1 && refs[0]?.name !== ref?.name ? refs : undefined;
    }, 'a new token referenced');
    assert.ok(await getIfExists(secrets, 'auto', again?.name ?? ''));
    controller.check();
  });

  test('an account that references its token gets no other when it changes', async () => {
    const [ref] = await referenced('bot');
    await serviceAccounts.update('auto', 'bot', (current) => ({ ...(current as KubeObject), metadata: { ...(current as KubeObject).metadata, labels: { changed: 'yes' } } }), write);
    // A later account is handled after the update by the one queue: once it has its token, bot's update was seen.
    await serviceAccounts.create('auto', { metadata: { name: 'later' } } as KubeObject, write);
    await referenced('later');
    const tokens = (await secrets.list('auto', {})).items.map((i) => i.object.metadata.name ?? '').filter((n) => n.startsWith('bot-token-'));
    assert.deepEqual(tokens, [ref?.name]);
    assert.equal(((await serviceAccounts.get('auto', 'bot')).object['secrets'] as unknown[]).length, 1);
  });
});
