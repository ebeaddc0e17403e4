// Update: read-modify-write with compare-and-swap on the key's mod revision (upstream GuaranteedUpdate).
// A client-supplied resourceVersion is a precondition (409 on mismatch); without one, a lost race is
// retried against the newer object.
import { conflict, isStatusError, notFound, type GroupResource } from '../../errors/status-error.js';
import { writeAttributes } from './admission-attributes.js';
import { isStorageError } from '../../storage/errors.js';
import type { KeyValue } from '../../storage/interface.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { keepSystemFieldsOnUpdate } from '../object-meta-fields.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { decodeObject, encodeWithMetadataEnd } from './codec.js';
import { noteWritten } from './stored-summary.js';
import { dropManagedFields, recordManagedFields } from './managed-fields.js';
import { bumpGeneration, prepareUpdate, validateUpdate } from './validate.js';
import type { StoreDeps, UpdateFn, WriteOptions } from './types.js';
import type { AdmissionAttributes } from '../../admission/types.js';
import { finishing } from './hooks.js';
import { withGoScalarZeros } from '../../schema/omit-empty.js';
import { checkWriteDeadline } from './deadline.js';

// Upstream retries until it wins; the bound only guards against a livelock bug.
const MAX_ATTEMPTS = 1000;

export interface UpdateContext {
  def: ResourceDefinition;
  gr: GroupResource;
  deps: StoreDeps;
  toStored(obj: KubeObject): KubeObject;
  fromStored(obj: KubeObject): KubeObject;
  create(obj: KubeObject): Promise<KubeObject>;
}

export async function updateObject(
  u: UpdateContext,
  namespace: string,
  name: string,
  fn: UpdateFn,
  options: WriteOptions & { subresource?: string },
): Promise<{ object: KubeObject; created: boolean }> {
  const key = u.deps.storage.keys.objectKey(namespace, name);
  let current = await u.deps.storage.backend.get(key);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (!current) {
      const obj = await fn(undefined);
      if ((!u.def.strategy.allowCreateOnUpdate && !options.apply) || options.subresource) throw notFound(u.gr, name);
      try {
        return { object: await u.create(obj), created: true };
      } catch (error) {
        // Created by another writer since the read (the create passes its write stages in between): upstream's
        // GuaranteedUpdate retries a lost create as an update of what is there now, never answering AlreadyExists.
        if (!isStatusError(error) || error.reason !== 'AlreadyExists') throw error;
        current = await u.deps.storage.backend.get(key);
        continue;
      }
    }
    const old = storedAsTyped(u, current);
    const uid = options.uidPrecondition;
    if (uid && uid !== old.metadata.uid) {
      throw conflict(u.gr, name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${old.metadata.uid ?? ''}`);
    }
    const obj = await fn(storedAsTyped(u, current));
    const precondition = obj.metadata.resourceVersion;
    if (precondition && precondition !== String(current.modRevision)) throw conflict(u.gr, name);
    const written = await tryWrite(u, key, current, obj, old, namespace, name, options);
    if (written.ok) return { object: written.object, created: false };
    // Lost a race: run `fn` again on the newer object. A resourceVersion the client sent is then
    // stale and fails the check above; one a patch or apply carried over from `current` is fresh.
    current = written.current;
  }
  throw conflict(u.gr, name, 'too many concurrent updates; please try again');
}

/**
 * The stored object as upstream's GuaranteedUpdate hands it over, decoded into the typed struct: with the
 * scalar zeros a value stored by an earlier kplane lacks, both as the old object and as what the update
 * function changes (a scale or status write edits it directly).
 */
function storedAsTyped(u: UpdateContext, current: KeyValue): KubeObject {
  const obj = u.fromStored(decodeObject(current));
  withGoScalarZeros(u.def.schema, obj);
  return obj;
}

type WriteResult = { ok: true; object: KubeObject } | { ok: false; current: KeyValue | undefined };

async function tryWrite(
  u: UpdateContext,
  key: string,
  current: KeyValue,
  obj: KubeObject,
  old: KubeObject,
  namespace: string,
  name: string,
  options: WriteOptions & { subresource?: string },
): Promise<WriteResult> {
  const subresource = options.subresource ?? '';
  keepSystemFieldsOnUpdate(obj, old);
  // An unconditional update acts on the current version (upstream fills it in before validation).
  obj.metadata.resourceVersion = String(current.modRevision);
  obj.metadata.namespace = old.metadata.namespace;
  obj.metadata.name = old.metadata.name;
  const attributes = writeAttributes('UPDATE', u.def, { namespace, name, subresource, object: obj, oldObject: old }, options, options);
  // Upstream defaults every decoded body, a subresource's too (a Node's status gets its allocatable, a
  // Namespace's its phase); what the subresource may not change is put back by its strategy after.
  u.def.defaults?.(obj);
  // upstream: the field manager runs before admission; without it (ServerSideApply off) BeforeUpdate clears them.
  if (u.deps.serverSideApply === false) dropManagedFields(obj, old);
  else recordManagedFields(u.def, old, obj, options, u.deps.now?.() ?? new Date());
  // A view's writer ran the mutating phase on the view's objects already (WriteOptions.viewAdmission).
  if (!options.viewAdmission) await u.deps.admission.mutate(attributes);
  // Upstream BeginUpdate: after mutating admission, before the strategy; a lost race gives its work back.
  const finish = subresource ? undefined : await u.deps.hooks?.beginUpdate?.(obj, old, options);
  return finishing(finish, () => validateAndWrite(u, key, current, obj, old, options, attributes), (result) => result.ok);
}

/** The strategy, validation, validating admission, then the compare-and-swap write (or the deletion it completes). */
async function validateAndWrite(
  u: UpdateContext,
  key: string,
  current: KeyValue,
  obj: KubeObject,
  old: KubeObject,
  options: WriteOptions & { subresource?: string },
  attributes: AdmissionAttributes,
): Promise<WriteResult> {
  const subresource = options.subresource ?? '';
  prepareUpdate(u.def, obj, old, subresource);
  bumpGeneration(u.def, obj, old, subresource);
  validateUpdate(u.def, obj, old, subresource, u.deps.validation);
  const view = options.viewAdmission;
  await u.deps.admission.validate(view ? { ...attributes, subresource: view.subresource, object: view.view(obj), oldObject: view.view(old) } : attributes);
  // Warnings of the main resource's strategy, reported once the write is through.
  const warnings = !subresource && options.warnings && u.def.strategy.warnings ? u.def.strategy.warnings(obj, old) : [];
  const done = (object: KubeObject): WriteResult => {
    options.warnings?.push(...warnings);
    return { ok: true, object };
  };
  // The stored form has no resourceVersion (encodeObject leaves it out): no delete, which would turn
  // metadata into a slow dictionary object.
  const stored = u.toStored(obj);
  const { value, metadataEnd } = encodeWithMetadataEnd(stored);
  obj.metadata.resourceVersion = String(current.modRevision);
  // Nothing changed: no write, no new resourceVersion (upstream short-circuits the same way).
  if (value === current.value || options.dryRun) return done(obj);
  // The last finalizer of a deleting object is gone: the update completes the deletion (upstream
  // shouldDeleteDuringUpdate), unless a graceful deletion is pending (a pod waiting for its kubelet).
  const finishesDeletion =
    obj.metadata.deletionTimestamp !== undefined &&
    (obj.metadata.finalizers ?? []).length === 0 &&
    (old.metadata.deletionGracePeriodSeconds ?? 0) === 0 &&
    (u.def.strategy.deletesOnUpdate?.(obj) ?? true);
  checkWriteDeadline(options.deadline);
  try {
    if (finishesDeletion) {
      await u.deps.storage.backend.delete(key, current.modRevision);
      await u.deps.hooks?.afterDelete?.(obj);
      return done(obj);
    }
    const ttl = u.deps.storage.ttlSeconds;
    noteWritten(key, value, stored, metadataEnd);
    const kv = await u.deps.storage.backend.update(key, value, current.modRevision, ttl ? { ttlSeconds: ttl } : undefined);
    obj.metadata.resourceVersion = String(kv.modRevision);
    return done(obj);
  } catch (error) {
    if (isStorageError(error, 'Conflict')) return { ok: false, current: error.current ?? (await u.deps.storage.backend.get(key)) };
    if (isStorageError(error, 'KeyNotFound')) return { ok: false, current: undefined };
    throw error;
  }
}
