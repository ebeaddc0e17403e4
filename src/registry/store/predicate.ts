// Selection predicate of a list or watch: label selector and field selector over one object.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../resource-definition.js';
import type { LabelSelector } from '../selectors/label-selector.js';
import type { FieldSelector } from '../selectors/field-selector.js';

/**
 * What selectors read of an object (upstream's attributes): labels, name and namespace, which the watch
 * cache keeps without decoding the object; the object itself only for a kind's own selectable fields.
 */
export interface Selectable {
  readonly labels: Readonly<Record<string, string>> | undefined;
  readonly name: string;
  readonly namespace: string;
  readonly object: Readonly<KubeObject>;
}

export type Predicate = (item: Selectable) => boolean;

/** A decoded object as a Selectable. */
export function selectableOf(object: Readonly<KubeObject>): Selectable {
  return { labels: object.metadata.labels, name: object.metadata.name ?? '', namespace: object.metadata.namespace ?? '', object };
}

const METADATA_FIELDS = new Set(['metadata.name', 'metadata.namespace']);

/**
 * Field values a field selector can test: metadata.name, metadata.namespace, and, with `withKindFields`,
 * the kind's own (which decode the object).
 */
function selectableFields(def: ResourceDefinition, item: Selectable, withKindFields: boolean): Record<string, string> {
  const fields: Record<string, string> = { 'metadata.name': item.name };
  if (def.namespaced) fields['metadata.namespace'] = item.namespace;
  if (!withKindFields || !def.fieldSelectors) return fields;
  const object = item.object as KubeObject;
  for (const [path, get] of Object.entries(def.fieldSelectors)) fields[path] = get(object) ?? '';
  return fields;
}

/** Undefined when nothing filters, so callers can skip the work. */
export function selectionPredicate(def: ResourceDefinition, label?: LabelSelector, field?: FieldSelector): Predicate | undefined {
  const byLabel = label && !label.empty ? label : undefined;
  const byField = field && field.requirements.length > 0 ? field : undefined;
  if (!byLabel && !byField) return undefined;
  const kindFields = byField?.requirements.some((r) => !METADATA_FIELDS.has(r.field)) ?? false;
  return (item) => (!byLabel || byLabel.matches(item.labels)) && (!byField || byField.matches(selectableFields(def, item, kindFields)));
}
