// How the collector changes a list of an object's metadata (its ownerReferences, its finalizers), as
// upstream's does: a PATCH, which never creates what is gone (a PUT of a kind that creates on update
// would). A JSON merge patch, served for every kind (custom resources have no strategic merge), carrying
// the uid and resourceVersion of the object it was computed from: it applies to that object only, and a
// changed or re-created object answers 409, after which the object is read again.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceClient } from '../../client/resource-client.js';
import { isConflict } from '../status-errors.js';

type Meta = KubeObject['metadata'];

/** The object meant: the one of this uid at this name. */
export interface ObjectIdentity {
  readonly uid: string;
  readonly namespace: string;
  readonly name: string;
}

/** Reads and patches before giving the item back to the work queue (client-go's retry.DefaultRetry). */
const ATTEMPTS = 5;

/**
 * Replaces the list `key` of `target` by `change`'s, when it differs; an empty list is removed, as Go's
 * omitempty leaves it out. Nothing is done when the name holds another uid; a 404 is thrown as is.
 */
export async function patchMetadataList<K extends 'ownerReferences' | 'finalizers'>(
  client: ResourceClient, target: ObjectIdentity, key: K, change: (meta: Readonly<Meta>) => NonNullable<Meta[K]>,
): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { metadata } = await client.get(target.namespace, target.name);
    if (metadata.uid !== target.uid) return;
    const list = change(metadata);
    if (JSON.stringify(list) === JSON.stringify(metadata[key] ?? [])) return;
    const patch = { metadata: { uid: metadata.uid, resourceVersion: metadata.resourceVersion, [key]: list.length > 0 ? list : null } };
    try {
      await client.patch(target.namespace, target.name, 'application/merge-patch+json', patch);
      return;
    } catch (error) {
      if (!isConflict(error)) throw error;
    }
  }
  // Not a 409: the caller takes a 409 for a uid precondition that failed, which this is not.
  throw new Error(`${target.namespace}/${target.name} kept changing: ${key} not written after ${ATTEMPTS} attempts`);
}
