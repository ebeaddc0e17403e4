// Selection predicate of a list or watch: label selector and field selector over one object.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../resource-definition.js';
import type { LabelSelector } from '../selectors/label-selector.js';
import type { FieldSelector } from '../selectors/field-selector.js';

export type Predicate = (obj: Readonly<KubeObject>) => boolean;

/** Field values a field selector can test: metadata.name, metadata.namespace, and the kind's own. */
export function selectableFields(def: ResourceDefinition, obj: Readonly<KubeObject>): Record<string, string> {
  const fields: Record<string, string> = { 'metadata.name': obj.metadata.name ?? '' };
  if (def.namespaced) fields['metadata.namespace'] = obj.metadata.namespace ?? '';
  for (const [path, get] of Object.entries(def.fieldSelectors ?? {})) fields[path] = get(obj as KubeObject) ?? '';
  return fields;
}

/** Undefined when nothing filters, so callers can skip the work. */
export function selectionPredicate(def: ResourceDefinition, label?: LabelSelector, field?: FieldSelector): Predicate | undefined {
  const byLabel = label && !label.empty ? label : undefined;
  const byField = field && field.requirements.length > 0 ? field : undefined;
  if (!byLabel && !byField) return undefined;
  return (obj) =>
    (!byLabel || byLabel.matches(obj.metadata.labels)) && (!byField || byField.matches(selectableFields(def, obj)));
}
