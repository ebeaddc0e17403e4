// Apply's merge (upstream TypedValue.Merge): the applied configuration over the live object. Leaves
// and atomic values come from the configuration when it has them; granular maps merge key by key;
// granular lists merge item by item, keeping the live order and placing the configuration's items
// in the configuration's order (upstream's shared-order walk). Objects are written in schema order.
import { type ApplyType, type ListType, type MapType, asObject, fieldType, resolveType } from './apply-type.js';
import { indexListItems, type IndexedItem } from './list-items.js';

/** `config` merged over `live`; `undefined` stands for an absent value. */
export function mergeObjects(live: unknown, config: unknown, type: ApplyType): unknown {
  return merge(live, config, type);
}

function merge(lhs: unknown, rhs: unknown, declared: ApplyType): unknown {
  const lt = lhs === undefined ? undefined : resolveType(declared, lhs);
  const rt = rhs === undefined ? undefined : resolveType(declared, rhs);
  const t = rt ?? lt;
  if (!t || (lt && rt && lt !== rt) || t.kind === 'scalar') return leaf(lhs, rhs);
  if (t.kind === 'list') {
    const l = Array.isArray(lhs) ? lhs : undefined;
    const r = Array.isArray(rhs) ? rhs : undefined;
    if (t.relation === 'atomic' || ((l?.length ?? 0) === 0 && (r?.length ?? 0) === 0)) return leaf(lhs, rhs);
    const out = mergeLists(t, l, r);
    return out.length > 0 ? out : undefined;
  }
  const l = asObject(lhs);
  const r = asObject(rhs);
  if (t.atomic || (isEmpty(l) && isEmpty(r))) return leaf(lhs, rhs);
  const out = mergeMaps(t, l ?? {}, r ?? {});
  return Object.keys(out).length > 0 ? out : undefined;
}

function isEmpty(o: Record<string, unknown> | undefined): boolean {
  if (!o) return true;
  for (const key in o) if (o[key] !== undefined) return false;
  return true;
}

/** The configuration's value wins; it is copied so that retries start from an intact configuration. */
function leaf(lhs: unknown, rhs: unknown): unknown {
  return rhs !== undefined ? cloneJson(rhs) : lhs;
}

/** A deep copy of a JSON value. */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) out[k] = cloneJson(v);
  return out as T;
}

function mergeMaps(t: MapType, l: Record<string, unknown>, r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (name: string): void => {
    if (name in out) return;
    const lv = l[name];
    const rv = r[name];
    if (lv === undefined && rv === undefined) return;
    const merged = merge(lv, rv, fieldType(t, name));
    if (merged !== undefined) out[name] = merged;
  };
  // Schema order for struct fields, sorted keys for Go maps, first-seen order otherwise.
  for (const name of t.order) put(name);
  const rest = [...Object.keys(l), ...Object.keys(r)];
  if (t.sortKeys) rest.sort();
  for (const name of rest) put(name);
  return out;
}

function mergeLists(t: ListType, l: readonly unknown[] | undefined, r: readonly unknown[] | undefined): unknown[] {
  const left = indexListItems(t, l);
  const right = indexListItems(t, r);
  const shared = sharedOrder(left.byKey, right.order);
  const out: unknown[] = [];
  const emit = (lv: unknown, rv: unknown): void => {
    const merged = merge(lv, rv, t.item);
    if (merged !== undefined) out.push(merged);
  };
  let li = 0;
  let ri = 0;
  while (li < left.order.length || ri < right.order.length) {
    const lItem = left.order[li];
    const rItem = right.order[ri];
    if (lItem && rItem && lItem.key === rItem.key) {
      emit(lItem.value, rItem.value);
      li++;
      ri++;
      shared.advance();
    } else if (lItem && rItem && right.byKey.has(lItem.key) && shared.next() !== undefined && shared.next() !== lItem.key) {
      // A shared item that is not next in the configuration's order waits for its turn there.
      li++;
    } else if (lItem && !right.byKey.has(lItem.key)) {
      emit(lItem.value, undefined);
      li++;
    } else if (rItem) {
      emit(left.byKey.get(rItem.key)?.value, rItem.value);
      ri++;
      if (shared.next() === rItem.key) shared.advance();
    } else {
      // Only shared live items remain, already merged from the configuration side.
      li++;
    }
  }
  return out;
}

/** The keys of the configuration's items that the live list has too, in the configuration's order. */
function sharedOrder(live: Map<string, IndexedItem>, config: readonly IndexedItem[]): { next(): string | undefined; advance(): void } {
  const keys = config.filter((item) => live.has(item.key)).map((item) => item.key);
  let index = 0;
  return { next: () => keys[index], advance: () => void index++ };
}
