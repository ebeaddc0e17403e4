// The `status` strategy both flowcontrol kinds share (upstream flowSchemaStatusStrategy and
// priorityLevelConfigurationStatusStrategy): only status changes; metadata stays as it was except
// managedFields, which the field manager just recorded for this write.
import type { KubeObject } from '../../meta/v1/types.js';
import type { ObjectSubresource } from '../../../registry/subresource.js';

/** The `status` subresource with upstream's reset fields for these kinds: metadata and spec. */
export function flowcontrolStatus<T extends KubeObject>(status: ObjectSubresource<T>): ObjectSubresource<T> {
  return { ...status, resetFields: ['metadata', 'spec'] };
}

/** Keep `old`'s metadata (but the new managedFields) and spec. */
export function keepMetadataAndSpec<T extends KubeObject>(obj: T, old: T): void {
  const managedFields = obj.metadata.managedFields;
  obj.metadata = { ...structuredClone(old.metadata) };
  if (managedFields === undefined) delete obj.metadata.managedFields;
  else obj.metadata.managedFields = managedFields;
  if (old['spec'] === undefined) delete obj['spec'];
  else (obj as KubeObject)['spec'] = structuredClone(old['spec']);
}

/** Create: status is derived (upstream PrepareForCreate clears it). */
export function clearStatus<T extends KubeObject>(obj: T): void {
  (obj as KubeObject)['status'] = {};
}
