import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import type { AuthorizationAttributes } from '../../authorization/authorizer.js';
import { isStatusError } from '../../errors/status-error.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { ownerReferencesPermissionEnforcement } from './owner-references-permission.js';

const configMaps = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap' } as ResourceDefinition;
const owner = (blockOwnerDeletion?: boolean): OwnerReference => ({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'u1', ...(blockOwnerDeletion === undefined ? {} : { blockOwnerDeletion }) });
const object = (...ownerReferences: OwnerReference[]): KubeObject => ({ metadata: { name: 'c', namespace: 'dev', ...(ownerReferences.length ? { ownerReferences } : {}) } });

/** An authorizer allowing exactly the `verb resource/subresource` strings given. */
function plugin(allowed: string[]) {
  const asked: string[] = [];
  const p = ownerReferencesPermissionEnforcement({
    authorizer: () => ({
      authorize: (a: AuthorizationAttributes) => {
        const key = `${a.verb} ${a.resource}${a.subresource ? `/${a.subresource}` : ''}`;
        asked.push(key);
        return { decision: allowed.includes(key) ? 'Allow' : 'NoOpinion', reason: '' };
      },
    }),
    resourcesOf: (group, version, kind) => (group === 'apps' && kind === 'Deployment' ? [{ group, version, resource: 'deployments' }] : []),
  });
  return { p, asked };
}

const attributes = (operation: 'CREATE' | 'UPDATE', obj: KubeObject, old?: KubeObject): AdmissionAttributes => ({
  operation, def: configMaps, namespace: 'dev', name: 'c', subresource: '', object: obj, ...(old ? { oldObject: old } : {}), dryRun: false, user: { name: 'jane', groups: [] },
});

const cases: { name: string; allowed: string[]; a: AdmissionAttributes; error?: string; asked: string[] }[] = [
  { name: 'no owner references: nothing asked', allowed: [], a: attributes('CREATE', object()), asked: [] },
  { name: 'unchanged references: nothing asked', allowed: [], a: attributes('UPDATE', object(owner()), object(owner())), asked: [] },
  { name: 'setting a reference needs delete', allowed: [], a: attributes('CREATE', object(owner())), error: `configmaps "c" is forbidden: cannot set an ownerRef on a resource you can't delete: , <nil>`, asked: ['delete configmaps'] },
  { name: 'with delete, a non-blocking reference is allowed', allowed: ['delete configmaps'], a: attributes('CREATE', object(owner(false))), asked: ['delete configmaps'] },
  { name: 'blocking needs update on the owner finalizers', allowed: ['delete configmaps'], a: attributes('UPDATE', object(owner(true)), object(owner(false))), error: `configmaps "c" is forbidden: cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: , <nil>`, asked: ['delete configmaps', 'update deployments/finalizers'] },
  { name: 'blocking with finalizers permission', allowed: ['delete configmaps', 'update deployments/finalizers'], a: attributes('CREATE', object(owner(true))), asked: ['delete configmaps', 'update deployments/finalizers'] },
  { name: 'an owner kind that is not served', allowed: ['delete configmaps'], a: attributes('CREATE', object({ ...owner(true), kind: 'Widget' })), error: 'cannot find RESTMapping for APIVersion apps/v1 Kind Widget: no matches for kind "Widget" in version "apps/v1"', asked: ['delete configmaps'] },
];

for (const c of cases) {
  test(`OwnerReferencesPermissionEnforcement: ${c.name}`, async () => {
    const { p, asked } = plugin(c.allowed);
    const result = await Promise.resolve().then(() => p.validate!(c.a)).then(() => undefined, (error: unknown) => error);
    if (c.error === undefined) assert.equal(result, undefined);
    else {
      assert.ok(isStatusError(result) && result.code === 403, String(result));
      assert.ok(result.message.includes(c.error), result.message);
    }
    assert.deepEqual(asked, c.asked);
  });
}
