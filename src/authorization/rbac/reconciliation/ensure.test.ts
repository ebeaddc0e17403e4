import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { builtInResources } from '../../../apis/index.js';
import type { KubeObject } from '../../../apis/meta/v1/types.js';
import { buildStores } from '../../../server/stores.js';
import { createMemoryBackend } from '../../../storage/memory/index.js';
import type { ClusterRole } from '../../../apis/rbac/v1/schemas.generated.js';
import { aggregatedRules, sameRules } from '../aggregation.js';
import { bootstrapPolicy } from '../bootstrap-policy/index.js';
import { ensureBootstrapPolicy, rbacStoresOf, type RbacStores } from './ensure.js';

describe('ensureBootstrapPolicy', () => {
  const served = buildStores(createMemoryBackend(), '/registry', builtInResources());
  const stores = rbacStoresOf(served.stores) as RbacStores;
  const policy = bootstrapPolicy();
  const count = async (kind: keyof RbacStores) => (await stores[kind].list('', {})).items.length;
  const revision = async () => (await stores.clusterRoles.list('', {})).revision;

  before(async () => {
    await Promise.all([...served.storages.values()].map((s) => s.cacher.start()));
    for (const name of ['kube-system', 'kube-public']) await served.namespaces.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, { dryRun: false });
  });
  after(() => {
    for (const s of served.storages.values()) s.cacher.stop();
  });

  test('replicas starting together on one store create everything once, without errors', async () => {
    await Promise.all([ensureBootstrapPolicy(stores), ensureBootstrapPolicy(stores), ensureBootstrapPolicy(stores)]);
    assert.equal(await count('clusterRoles'), policy.clusterRoles.length);
    assert.equal(await count('clusterRoleBindings'), policy.clusterRoleBindings.length);
    assert.equal(await count('roles'), policy.roles.length);
    assert.equal(await count('roleBindings'), policy.roleBindings.length);
  });

  test('aggregated roles are created holding what the aggregation controller would give them', async () => {
    const all = (await stores.clusterRoles.list('', {})).items.map((i) => i.object as ClusterRole);
    for (const name of ['admin', 'edit', 'view']) {
      const role = all.find((r) => r.metadata.name === name)!;
      assert.ok((role.rules ?? []).length > 0, name);
      assert.ok(sameRules(role.rules, aggregatedRules(role, all)), name);
    }
  });

  test('a server whose policy is in place writes nothing', async () => {
    const before = await revision();
    await ensureBootstrapPolicy(stores);
    assert.equal(await revision(), before);
  });

  test('a removed rule comes back; concurrent repairs agree', async () => {
    await stores.clusterRoles.update('', 'system:basic-user', (current) => ({ ...(current as KubeObject), rules: [] }), { dryRun: false });
    await Promise.all([ensureBootstrapPolicy(stores), ensureBootstrapPolicy(stores)]);
    const role = (await stores.clusterRoles.get('', 'system:basic-user')).object as { rules?: { resources?: string[] }[] };
    assert.deepEqual(role.rules?.flatMap((r) => r.resources ?? []).sort(), ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']);
  });
});
