// Create: system fields, defaults, strategy, validation, admission, then a create-if-absent write.
import { alreadyExists, isStatusError, serverTimeoutForKind, unknownError } from '../../errors/status-error.js';
import { isStorageError } from '../../storage/errors.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { fillSystemFieldsOnCreate, generateName } from '../object-meta-fields.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { encodeWithMetadataEnd, withResourceVersion } from './codec.js';
import { noteWritten } from './stored-summary.js';
import { dropManagedFields, recordManagedFields } from './managed-fields.js';
import { validateCreate } from './validate.js';
import type { Created, StoreDeps, WriteOptions } from './types.js';
import type { GroupResource } from '../../errors/status-error.js';
import { finishing } from './hooks.js';
import { writeAttributes } from './admission-attributes.js';
import { nextWriteStage } from '../write-stages.js';
import { checkWriteDeadline } from './deadline.js';

export async function createObject(
  def: ResourceDefinition,
  gr: GroupResource,
  deps: StoreDeps,
  namespace: string,
  obj: KubeObject,
  options: WriteOptions,
  toStored: (obj: KubeObject) => KubeObject,
): Promise<Created> {
  const meta = obj.metadata;
  if (def.namespaced) meta.namespace = namespace;
  else delete meta.namespace;
  // Checked at the write, as etcd3's store checks it; a dry run does not get that far.
  const requestedVersion = meta.resourceVersion;
  delete meta.resourceVersion;
  const now = deps.now?.() ?? new Date();
  // Defaults and the field manager, mutating admission, validation: each one batch (../write-stages.ts).
  await nextWriteStage();
  def.defaults?.(obj); // upstream defaults at decode, before admission
  // upstream: the field manager runs before admission; without it (ServerSideApply off) BeforeCreate clears them.
  if (deps.serverSideApply === false) dropManagedFields(obj);
  else recordManagedFields(def, undefined, obj, options, now);
  const attributes = writeAttributes('CREATE', def, { namespace, name: meta.name ?? '', subresource: '', object: obj }, options, options);
  await nextWriteStage();
  await deps.admission.mutate(attributes);
  // upstream Store.Create "inits metadata as early as possible", which is after the handler's mutating admission:
  // webhooks see a generateName create without its name, uid and creationTimestamp, as the request named it.
  fillSystemFieldsOnCreate(obj, now);
  if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
  // upstream AdmissionToValidateObjectFunc: validating admission names the object ("in case the generated name is populated").
  attributes.name ||= meta.name ?? '';
  // Upstream BeginCreate: after mutating admission, before the strategy and validation.
  const finish = await deps.hooks?.beginCreate?.(obj, options);
  return finishing(finish, async () => {
    def.strategy.prepareForCreate?.(obj, options.user ? { user: options.user } : {});
    if (def.strategy.tracksGeneration) meta.generation = 1;
    else delete meta.generation;
    await nextWriteStage();
    validateCreate(def, obj, deps.validation);
    if (options.warnings && def.strategy.warnings) options.warnings.push(...def.strategy.warnings(obj));
    await deps.admission.validate(attributes);
    try {
      return await writeNew(gr, deps, namespace, obj, options, toStored, requestedVersion);
    } catch (error) {
      // rest.CheckGeneratedNameError: the server picked a name that was taken.
      if (meta.generateName && isStatusError(error) && error.reason === 'AlreadyExists') throw serverTimeoutForKind(def.group, def.kind, 'POST');
      throw error;
    }
  });
}

/** etcd3's ObjectResourceVersion: strconv.ParseUint of a set resourceVersion; what does not parse is not checked. */
function setResourceVersion(version: string | undefined): boolean {
  return version !== undefined && /^\d+$/.test(version) && BigInt(version) > 0n && BigInt(version) < 2n ** 64n;
}

/** The create-if-absent write (a dry run only checks that the name is free). */
async function writeNew(
  gr: GroupResource,
  deps: StoreDeps,
  namespace: string,
  obj: KubeObject,
  options: WriteOptions,
  toStored: (obj: KubeObject) => KubeObject,
  requestedVersion: string | undefined,
): Promise<Created> {
  const meta = obj.metadata;
  const name = meta.name ?? '';
  const key = deps.storage.keys.objectKey(namespace, name);
  if (options.dryRun) {
    if (await deps.storage.backend.get(key)) throw alreadyExists(gr, name);
    return { object: obj };
  }
  if (setResourceVersion(requestedVersion)) throw unknownError('resourceVersion should not be set on objects to be created');
  try {
    const ttl = deps.storage.ttlSeconds;
    const stored = toStored(obj);
    const { value: encoded, metadataEnd } = encodeWithMetadataEnd(stored);
    noteWritten(key, encoded, stored, metadataEnd);
    checkWriteDeadline(options.deadline);
    const kv = await deps.storage.backend.create(key, encoded, ttl ? { ttlSeconds: ttl } : undefined);
    meta.resourceVersion = String(kv.modRevision);
    // The response is the stored text with the resourceVersion, unless storage holds another form.
    const json = stored === obj ? withResourceVersion(encoded, kv.modRevision) : undefined;
    return json === undefined ? { object: obj } : { object: obj, json };
  } catch (error) {
    if (isStorageError(error, 'KeyExists')) throw alreadyExists(gr, name);
    throw error;
  }
}
