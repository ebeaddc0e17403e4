// The constraints of a LimitRange as upstream's LimitRanger checks them (plugin/pkg/admission/limitranger, 1.25):
// min, max and maxLimitRequestRatio per container, per pod (sums, init containers as the maximum) and per
// PersistentVolumeClaim (requests only), with upstream's messages. Values are compared in thousandths when
// none would overflow, else in whole units, each rounded up, as requestLimitEnforcedValues does.
import { compareParsed, parseQuantity, quantityString, roundedMilliValue, roundedValue, type Quantity } from '../../schema/quantity-value.js';

/** A resource list as the API writes it (`{cpu: "100m"}`), parsed. */
export type Resources = Map<string, Quantity>;

const MAX_MILLI_VALUE = 9223372036854775807n / 1000n;
const ZERO = parseQuantity('0') as Quantity;

/** A resource list's quantities; what does not parse (validation refuses it later) is left out. */
export function resources(list: Readonly<Record<string, string>> | undefined): Resources {
  const out: Resources = new Map();
  for (const [name, text] of Object.entries(list ?? {})) {
    const q = parseQuantity(text);
    if (q) out.set(name, q);
  }
  return out;
}

/** requestLimitEnforcedValues: request, limit and enforced value at a common precision. */
function comparable(request: Quantity, limit: Quantity, enforced: Quantity): [bigint, bigint, bigint] {
  const values = [request, limit, enforced].map(roundedValue) as [bigint, bigint, bigint];
  if (values.every((v) => v <= MAX_MILLI_VALUE)) return [request, limit, enforced].map(roundedMilliValue) as [bigint, bigint, bigint];
  return values;
}

type Check = (limitType: string, name: string, enforced: Quantity, requests: Resources, limits: Resources) => string | undefined;

/** minConstraint. */
export const minConstraint: Check = (limitType, name, enforced, requests, limits) => {
  const req = requests.get(name);
  const lim = limits.get(name);
  const [reqValue, limValue, enforcedValue] = comparable(req ?? ZERO, lim ?? ZERO, enforced);
  const at = `minimum ${name} usage per ${limitType} is ${quantityString(enforced)}`;
  if (!req) return `${at}.  No request is specified`;
  if (reqValue < enforcedValue) return `${at}, but request is ${quantityString(req)}`;
  if (lim && limValue < enforcedValue) return `${at}, but limit is ${quantityString(lim)}`;
  return undefined;
};

/** maxConstraint. */
export const maxConstraint: Check = (limitType, name, enforced, requests, limits) => {
  const req = requests.get(name);
  const lim = limits.get(name);
  const [reqValue, limValue, enforcedValue] = comparable(req ?? ZERO, lim ?? ZERO, enforced);
  const at = `maximum ${name} usage per ${limitType} is ${quantityString(enforced)}`;
  if (!lim) return `${at}.  No limit is specified`;
  if (limValue > enforcedValue) return `${at}, but limit is ${quantityString(lim)}`;
  if (req && reqValue > enforcedValue) return `${at}, but request is ${quantityString(req)}`;
  return undefined;
};

/** maxRequestConstraint: a PVC's max, against its request only. */
export const maxRequestConstraint: Check = (limitType, name, enforced, requests) => {
  const req = requests.get(name);
  const [reqValue, , enforcedValue] = comparable(req ?? ZERO, ZERO, enforced);
  const at = `maximum ${name} usage per ${limitType} is ${quantityString(enforced)}`;
  if (!req) return `${at}.  No request is specified`;
  if (reqValue > enforcedValue) return `${at}, but request is ${quantityString(req)}`;
  return undefined;
};

/** limitRequestRatioConstraint (Go's %f for the ratio). */
export const limitRequestRatioConstraint: Check = (limitType, name, enforced, requests, limits) => {
  const req = requests.get(name);
  const lim = limits.get(name);
  const [reqValue, limValue] = comparable(req ?? ZERO, lim ?? ZERO, enforced);
  const at = `${name} max limit to request ratio per ${limitType} is ${quantityString(enforced)}`;
  if (!req || reqValue === 0n) return `${at}, but no request is specified or request is 0`;
  if (!lim || limValue === 0n) return `${at}, but no limit is specified or limit is 0`;
  const shown = Number(limValue) / Number(reqValue);
  const milli = roundedValue(enforced) <= MAX_MILLI_VALUE;
  const observed = milli ? shown * 1000 : shown;
  const maximum = Number(milli ? roundedMilliValue(enforced) : roundedValue(enforced));
  return observed > maximum ? `${at}, but provided ratio is ${shown.toFixed(6)}` : undefined;
};

/** The checks of one bound of a LimitRange item, over its resources in name order (Go ranges a map). */
export function checkBound(check: Check, limitType: string, bound: Readonly<Record<string, string>> | undefined, requests: Resources, limits: Resources): string[] {
  const errors: string[] = [];
  for (const name of Object.keys(bound ?? {}).sort()) {
    const enforced = parseQuantity(bound?.[name] ?? '');
    const error = enforced && check(limitType, name, enforced, requests, limits);
    if (error) errors.push(error);
  }
  return errors;
}

/** Sums `add` into `into` (Quantity.Add: the sum keeps the first one's format). */
export function addResources(into: Resources, add: Resources): void {
  for (const [name, q] of add) {
    const have = into.get(name);
    into.set(name, have ? { nanos: have.nanos + q.nanos, format: have.nanos === 0n ? q.format : have.format, cached: '' } : q);
  }
}

/** The greater of each (maxResourceList). */
export function maxResources(into: Resources, other: Resources): void {
  for (const [name, q] of other) {
    const have = into.get(name);
    if (!have || compareParsed(q, have) > 0) into.set(name, q);
  }
}
