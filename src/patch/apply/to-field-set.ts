// The field set of a value (upstream TypedValue.ToFieldSet): the paths an applied configuration
// claims. Scalars and atomic lists/maps are leaves; items of granular lists and keys of maps that are
// not declared struct fields are tracked themselves as well as their contents; so are nulls and empty maps.
import { type ApplyType, asObject, fieldType, isDeclaredField, resolveType } from './apply-type.js';
import { emptySet, insertKeyedPath, type FieldSet } from './field-set.js';
import { indexListItems } from './list-items.js';
import { fieldElement, type PathElement } from './path-element.js';

/** The set of paths present in `value` of type `type`. */
export function toFieldSet(value: unknown, type: ApplyType): FieldSet {
  const set = emptySet();
  walk(value, type, [], [], set);
  return set;
}

function walk(value: unknown, declared: ApplyType, path: PathElement[], keys: string[], set: FieldSet): void {
  const t = resolveType(declared, value);
  if (t.kind === 'scalar' || (t.kind !== 'map' && t.relation === 'atomic') || (t.kind === 'map' && t.atomic)) {
    insertKeyedPath(set, path, keys);
    return;
  }
  if (t.kind === 'list') {
    if (!Array.isArray(value)) return;
    for (const item of indexListItems(t, value).order) {
      path.push(item.pe);
      keys.push(item.key);
      walk(item.value, t.item, path, keys, set);
      insertKeyedPath(set, path, keys);
      path.pop();
      keys.pop();
    }
    return;
  }
  const object = asObject(value);
  if (!object) return;
  for (const name in object) {
    const child = object[name];
    if (child === undefined) continue;
    path.push(fieldElement(name));
    keys.push(`f:${name}`);
    walk(child, fieldType(t, name), path, keys, set);
    // A null or an empty map has no paths of its own: it is owned as a leaf (structured-merge-diff's
    // visitMapItems), so that applying `labels: {}` claims `labels`. Keys that are not declared fields are
    // tracked themselves too.
    if (child === null || isEmptyMap(child) || !isDeclaredField(t, name)) insertKeyedPath(set, path, keys);
    path.pop();
    keys.pop();
  }
}

const isEmptyMap = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
