// Create: system fields, defaults, strategy, validation, admission, then a create-if-absent write.
import { alreadyExists } from '../../errors/status-error.js';
import { isStorageError } from '../../storage/errors.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { fillSystemFieldsOnCreate, generateName } from '../object-meta-fields.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { encodeObject, withResourceVersion } from './codec.js';
import { dropManagedFields, recordManagedFields } from './managed-fields.js';
import { validateCreate } from './validate.js';
import type { Created, StoreDeps, WriteOptions } from './types.js';
import type { GroupResource } from '../../errors/status-error.js';
import { finishing } from './hooks.js';

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
  if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
  delete meta.resourceVersion;
  const now = deps.now?.() ?? new Date();
  fillSystemFieldsOnCreate(obj, now);
  def.defaults?.(obj); // upstream defaults at decode, before admission
  // upstream: the field manager runs before admission; without it (ServerSideApply off) BeforeCreate clears them.
  if (deps.serverSideApply === false) dropManagedFields(obj);
  else recordManagedFields(def, undefined, obj, options, now);
  const attributes = { operation: 'CREATE' as const, def, namespace, name: meta.name ?? '', subresource: '', object: obj, dryRun: options.dryRun, user: options.user };
  await deps.admission.mutate(attributes);
  // Upstream BeginCreate: after mutating admission, before the strategy and validation.
  const finish = await deps.hooks?.beginCreate?.(obj, options);
  return finishing(finish, async () => {
    def.strategy.prepareForCreate?.(obj);
    if (def.strategy.tracksGeneration) meta.generation = 1;
    else delete meta.generation;
    validateCreate(def, obj);
    if (options.warnings && def.strategy.warnings) options.warnings.push(...def.strategy.warnings(obj));
    await deps.admission.validate(attributes);
    return writeNew(gr, deps, namespace, obj, options, toStored);
  });
}

/** The create-if-absent write (a dry run only checks that the name is free). */
async function writeNew(gr: GroupResource, deps: StoreDeps, namespace: string, obj: KubeObject, options: WriteOptions, toStored: (obj: KubeObject) => KubeObject): Promise<Created> {
  const meta = obj.metadata;
  const name = meta.name ?? '';
  const key = deps.storage.keys.objectKey(namespace, name);
  if (options.dryRun) {
    if (await deps.storage.backend.get(key)) throw alreadyExists(gr, name);
    return { object: obj };
  }
  try {
    const ttl = deps.storage.ttlSeconds;
    const stored = toStored(obj);
    const encoded = encodeObject(stored);
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
