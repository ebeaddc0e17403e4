// Resource lists as quota reads and adds them (upstream k8s.io/apiserver pkg/quota/v1 resources.go over
// resource.Quantity): exact values in nano units, and the format a sum is shown in as upstream's Quantity.Add
// keeps it (the receiver's, or the addend's when the receiver is zero), so that `0 + 1Gi` reads `1Gi`.
import { parseQuantity, quantityOf, quantityString, type Quantity, type QuantityFormat } from '../schema/quantity-value.js';

/** A resource name -> quantity map (corev1.ResourceList). Insertion order carries no meaning. */
export type ResourceList = Map<string, Quantity>;

/** A quantity of `nanos` nano units shown in `format` (no cached text: written canonically). */
const quantityAt = (nanos: bigint, format: QuantityFormat): Quantity => ({ nanos, format, cached: '' });

/** `resource.NewQuantity(n, DecimalSI)`: the count of objects. */
export const countOf = (n: number | bigint): Quantity => quantityOf(BigInt(n));

/** `resource.Quantity{Format: DecimalSI}`: zero. */
export const ZERO: Quantity = quantityAt(0n, 'DecimalSI');

/** Upstream Quantity.Add: the sum, in the format of `a` unless `a` is zero. */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return quantityAt(a.nanos + b.nanos, a.nanos === 0n ? b.format : a.format);
}

/** Upstream Quantity.Sub: the difference, in the format of `a` unless `a` is zero. */
export function subtractQuantity(a: Quantity, b: Quantity): Quantity {
  return quantityAt(a.nanos - b.nanos, a.nanos === 0n ? b.format : a.format);
}

/** Upstream Quantity.RoundUp(0): whole units, rounded up (away from zero). */
export function roundUpToUnits(q: Quantity): Quantity {
  const rest = q.nanos % 1_000_000_000n;
  if (rest === 0n) return q;
  return quantityAt(q.nanos - rest + (q.nanos > 0n ? 1_000_000_000n : -1_000_000_000n), q.format);
}

/** A resource map as the API writes it (`{pods: "1"}`), parsed; what does not parse (validation refuses it) is left out. */
export function parseResourceList(map: Readonly<Record<string, string>> | undefined): ResourceList {
  const list: ResourceList = new Map();
  for (const name in map) {
    const q = parseQuantity(map[name] as string);
    if (q) list.set(name, q);
  }
  return list;
}

/** The list as the API writes it: canonical quantities, names in Go's map order (sorted). */
export function formatResourceList(list: ResourceList): Record<string, string> {
  const map: Record<string, string> = {};
  for (const name of [...list.keys()].sort()) map[name] = quantityString(list.get(name) as Quantity);
  return map;
}

/** quota.Add: every name of either list, summed where both have it. */
export function addLists(a: ResourceList, b: ResourceList | undefined): ResourceList {
  const result: ResourceList = new Map(a);
  if (!b) return result;
  for (const [name, q] of b) {
    const mine = result.get(name);
    result.set(name, mine ? addQuantity(mine, q) : q);
  }
  return result;
}

/** quota.SubtractWithNonNegativeResult: `a - b` per name of either list, floored at zero. */
export function subtractNonNegative(a: ResourceList, b: ResourceList): ResourceList {
  const zero = parseQuantity('0') as Quantity;
  const result: ResourceList = new Map();
  for (const [name, q] of a) {
    const other = b.get(name);
    const difference = other ? subtractQuantity(q, other) : q;
    result.set(name, difference.nanos > 0n ? difference : zero);
  }
  for (const name of b.keys()) if (!result.has(name)) result.set(name, zero);
  return result;
}

/** quota.Max: per name, the larger (the second on a tie). */
export function maxLists(a: ResourceList, b: ResourceList | undefined): ResourceList {
  const result: ResourceList = new Map(a);
  if (!b) return result;
  for (const [name, q] of b) {
    const mine = result.get(name);
    if (!mine || mine.nanos <= q.nanos) result.set(name, q);
  }
  return result;
}

/** quota.Mask: the entries whose names are in `names`. */
export function maskList(list: ResourceList, names: Iterable<string>): ResourceList {
  const result: ResourceList = new Map();
  for (const name of names) {
    const q = list.get(name);
    if (q) result.set(name, q);
  }
  return result;
}

/** quota.LessThanOrEqual: the names of `a` above their value in `b` (names `b` lacks are not compared). */
export function exceededNames(a: ResourceList, b: ResourceList): string[] {
  const exceeded: string[] = [];
  for (const [name, q] of a) {
    const limit = b.get(name);
    if (limit && q.nanos > limit.nanos) exceeded.push(name);
  }
  return exceeded;
}

/** quota.IsZero. */
export const isZeroList = (list: ResourceList): boolean => [...list.values()].every((q) => q.nanos === 0n);

/** quota.IsNegative: the names with a negative value. */
export const negativeNames = (list: ResourceList): string[] => [...list].filter(([, q]) => q.nanos < 0n).map(([name]) => name);

/** quota.Equals: the same names with the same values. */
export function equalLists(a: ResourceList, b: ResourceList): boolean {
  if (a.size !== b.size) return false;
  for (const [name, q] of a) if (b.get(name)?.nanos !== q.nanos) return false;
  return true;
}

/** The admission plugin's prettyPrint: `name=value` sorted by name, joined by commas. */
export function prettyPrint(list: ResourceList): string {
  return [...list.keys()].sort().map((name) => `${name}=${quantityString(list.get(name) as Quantity)}`).join(',');
}

/** prettyPrintResourceNames: sorted, joined by commas. */
export const prettyPrintNames = (names: Iterable<string>): string => [...names].sort().join(',');
