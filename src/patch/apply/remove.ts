// Removing paths from a value (upstream TypedValue.RemoveItems): a path in the set removes that map
// key or list item with everything below it; paths below it recurse. A granular map or list left
// empty disappears (upstream writes null, which decoding then drops).
import { type ApplyType, asObject, fieldType, resolveType } from './apply-type.js';
import { childSet, isEmptySet, type FieldSet } from './field-set.js';
import { indexListItems } from './list-items.js';
import { serializeElement } from './path-element.js';

/** `value` without the paths of `set`; undefined when nothing is left of a granular map or list. */
export function removeItems(value: unknown, set: FieldSet, type: ApplyType): unknown {
  if (isEmptySet(set)) return value;
  const t = resolveType(type, value);
  if (t.kind === 'scalar') return value;
  if (t.kind === 'list') {
    if (t.relation === 'atomic' || !Array.isArray(value) || value.length === 0) return value;
    const out: unknown[] = [];
    for (const item of indexListItems(t, value).order) {
      if (set.members.has(item.key)) continue;
      const rest = removeItems(item.value, childSet(set, item.pe), t.item);
      if (rest !== undefined) out.push(rest);
    }
    return out.length > 0 ? out : undefined;
  }
  const object = asObject(value);
  if (t.atomic || !object) return value;
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(object)) {
    if (child === undefined) continue;
    const pe = { kind: 'field', name } as const;
    if (set.members.has(serializeElement(pe))) continue;
    const rest = removeItems(child, childSet(set, pe), fieldType(t, name));
    if (rest !== undefined) out[name] = rest;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
