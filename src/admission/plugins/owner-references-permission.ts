// OwnerReferencesPermissionEnforcement (upstream plugin/pkg/admission/gc, 1.25): setting or changing
// ownerReferences needs `delete` on the object itself, and making a reference block its owner's deletion
// needs `update` on the owner's `finalizers` subresource (the garbage collector then holds the owner back
// for this object). pods/status is exempt: its strategy keeps ownerReferences as they were.
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import { parseApiVersion } from '../../apis/meta/v1/validation.js';
import type { AuthorizationAttributes, Authorizer } from '../../authorization/authorizer.js';
import { jsonEqual } from '../../patch/apply/compare.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';

/** A served resource of a kind (upstream RESTMapper.RESTMappings). */
export interface KindResource {
  group: string;
  version: string;
  resource: string;
}

export interface OwnerReferencesPermissionDeps {
  /** The server's authorizer, once built (undefined: the server is still starting; nothing is checked). */
  authorizer(): Authorizer | undefined;
  /** The resources serving `kind` of `group` in `version`. */
  resourcesOf(group: string, version: string, kind: string): KindResource[];
}

const refs = (o: Readonly<KubeObject> | undefined): readonly OwnerReference[] => o?.metadata.ownerReferences ?? [];

/** upstream isChangingOwnerReference. */
function changesOwnerReferences(a: AdmissionAttributes): boolean {
  const now = refs(a.object);
  if (!a.oldObject) return now.length > 0;
  const before = refs(a.oldObject);
  return now.length !== before.length || now.some((ref, i) => !jsonEqual(ref, before[i]));
}

/** upstream newBlockingOwnerDeletionRefs: references that block now and did not before (by uid). */
function newlyBlocking(a: AdmissionAttributes): OwnerReference[] {
  const blocking = refs(a.object).filter((r) => r.blockOwnerDeletion === true);
  const before = new Map(refs(a.oldObject).map((r) => [r.uid, r]));
  return blocking.filter((r) => before.get(r.uid)?.blockOwnerDeletion !== true);
}

/** Go's `%v, %v` of a reason and a nil error. */
const because = (reason: string): string => `${reason}, <nil>`;

export function ownerReferencesPermissionEnforcement(deps: OwnerReferencesPermissionDeps): AdmissionPlugin {
  return {
    name: 'OwnerReferencesPermissionEnforcement',
    async validate(a) {
      if (a.operation === 'DELETE' || !a.user) return;
      if (a.def.group === '' && a.def.resource === 'pods' && a.subresource === 'status') return;
      const authorizer = deps.authorizer();
      if (!authorizer || !changesOwnerReferences(a)) return;
      const ask = (attributes: Omit<AuthorizationAttributes, 'user' | 'isResourceRequest' | 'path' | 'namespace'>) =>
        authorizer.authorize({ ...attributes, user: a.user!, isResourceRequest: true, path: '', namespace: a.namespace });
      const own = await ask({ verb: 'delete', apiGroup: a.def.group, apiVersion: a.def.version, resource: a.def.resource, subresource: a.subresource, name: a.name });
      if (own.decision !== 'Allow') throw admissionForbidden(a, `cannot set an ownerRef on a resource you can't delete: ${because(own.reason)}`);
      for (const ref of newlyBlocking(a)) {
        const gv = parseApiVersion(ref.apiVersion);
        const mappings = gv ? deps.resourcesOf(gv.group, gv.version, ref.kind) : [];
        if (mappings.length === 0) {
          const error = gv ? `no matches for kind ${JSON.stringify(ref.kind)} in version ${JSON.stringify(ref.apiVersion)}` : `unexpected GroupVersion string: ${ref.apiVersion}`;
          throw admissionForbidden(a, `cannot set blockOwnerDeletion in this case because cannot find RESTMapping for APIVersion ${ref.apiVersion} Kind ${ref.kind}: ${error}`);
        }
        for (const m of mappings) {
          const owner = await ask({ verb: 'update', apiGroup: m.group, apiVersion: m.version, resource: m.resource, subresource: 'finalizers', name: ref.name });
          if (owner.decision !== 'Allow') throw admissionForbidden(a, `cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on: ${because(owner.reason)}`);
        }
      }
    },
  };
}
