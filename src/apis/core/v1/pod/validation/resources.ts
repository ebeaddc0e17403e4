// Container resource requirements and pod overhead (upstream 1.25 ValidateResourceRequirements,
// validateContainerResourceName, ValidateResourceQuantityValue, hugepages rules).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { compareQuantityValues, quantityValue, type QuantityValue } from '../../../../../schema/quantity-value.js';
import type { ResourceRequirements } from '../../schemas.generated.js';
import type { PodValidationOptions } from './common.js';
import { isQualifiedName } from '../../../../meta/v1/validation.js';
import { HUGEPAGES_PREFIX, isExtendedResourceName, isHugePageResourceName, isIntegerResourceName, isNativeResource, isOvercommitAllowed, isStandardResourceName } from '../../resource-names.js';

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
const ZERO: QuantityValue = { num: 0n, den: 1n, binary: false };

/** A quantity string's value; decode has already rejected malformed ones, so they count as zero. */
export const valueOf = (text: string | undefined): QuantityValue => (text === undefined ? ZERO : quantityValue(text) ?? ZERO);

/** Upstream Quantity.MilliValue (rounded up). */
function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return q * b < a ? q + 1n : q;
}
export const milliValue = (q: QuantityValue): bigint => ceilDiv(q.num * 1000n, q.den);
const intValue = (q: QuantityValue): bigint => ceilDiv(q.num, q.den);

/** Upstream validateContainerResourceName (after validateResourceName). */
function validateContainerResourceName(name: string, path: string): FieldError[] {
  if (STANDARD_CONTAINER_RESOURCES.has(name)) return [];
  const errs = isQualifiedName(name).map((m) => field.invalid(path, name, m));
  if (errs.length > 0) return errs;
  if (!name.includes('/')) {
    if (!isStandardResourceName(name)) errs.push(field.invalid(path, name, 'must be a standard resource type or fully qualified'));
    if (!STANDARD_CONTAINER_RESOURCES.has(name) && !isHugePageResourceName(name)) {
      errs.push(field.invalid(path, name, 'must be a standard resource for containers'));
    }
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errs.push(field.invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** Upstream ValidateResourceQuantityValue: not negative; integer for integer and extended resources. */
function validateQuantityValue(name: string, text: string, path: string): FieldError[] {
  const value = valueOf(text);
  const errs: FieldError[] = [];
  if (compareQuantityValues(value, ZERO) < 0) errs.push(field.invalid(path, text, 'must be greater than or equal to 0'));
  if (isIntegerResourceName(name) && milliValue(value) % 1000n !== 0n) {
    errs.push(field.invalid(path, text, 'must be an integer'));
  }
  return errs;
}

/** Upstream validateResourceQuantityHugePageValue: a positive multiple of the page size the name carries. */
function hugePageValueErrors(name: string, text: string, path: string, opts: PodValidationOptions): FieldError[] {
  if (!isHugePageResourceName(name) || opts.allowIndivisibleHugePagesValues) return [];
  const pageSize = quantityValue(name.slice(HUGEPAGES_PREFIX.length));
  const page = pageSize ? intValue(pageSize) : 0n;
  if (page > 0n && intValue(valueOf(text)) % page === 0n) return [];
  return [field.invalid(path, text, `${text} is not positive integer multiple of ${name}`)];
}

/** The request-versus-limit rule of one requested resource. */
function requestAgainstLimit(name: string, request: string, limits: Record<string, string>, limPath: string, reqPath: string): FieldError[] {
  const limit = limits[name];
  if (limit === undefined) {
    return isOvercommitAllowed(name) ? [] : [field.required(limPath, 'Limit must be set for non overcommitable resources')];
  }
  const cmp = compareQuantityValues(valueOf(request), valueOf(limit));
  if (cmp !== 0 && !isOvercommitAllowed(name)) return [field.invalid(reqPath, request, `must be equal to ${name} limit`)];
  if (cmp > 0) return [field.invalid(reqPath, request, `must be less than or equal to ${name} limit`)];
  return [];
}

/** Upstream ValidateResourceRequirements for a container's `resources` (or the pod overhead as limits). */
export function validateResourceRequirements(req: ResourceRequirements | undefined, path: string, opts: PodValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const limits = req?.limits ?? {};
  const requests = req?.requests ?? {};
  const limPath = `${path}.limits`;
  const reqPath = `${path}.requests`;
  let cpuOrMemory = false;
  let hugePages = false;
  for (const [name, text] of Object.entries(limits)) {
    const at = `${limPath}[${name}]`;
    errs.push(...validateContainerResourceName(name, at), ...validateQuantityValue(name, text, at), ...hugePageValueErrors(name, text, at, opts));
    hugePages ||= isHugePageResourceName(name);
    cpuOrMemory ||= name === 'cpu' || name === 'memory';
  }
  for (const [name, text] of Object.entries(requests)) {
    const at = `${reqPath}[${name}]`;
    errs.push(...validateContainerResourceName(name, at), ...validateQuantityValue(name, text, at));
    errs.push(...requestAgainstLimit(name, text, limits, limPath, reqPath), ...hugePageValueErrors(name, text, at, opts));
    hugePages ||= isHugePageResourceName(name);
    cpuOrMemory ||= name === 'cpu' || name === 'memory';
  }
  if (!cpuOrMemory && hugePages) errs.push(field.forbidden(path, 'HugePages require cpu or memory'));
  return errs;
}

/** Upstream validateOverhead: the overhead checked as a container's limits. */
export function validateOverhead(overhead: Record<string, string> | undefined, path: string, opts: PodValidationOptions): FieldError[] {
  return validateResourceRequirements({ limits: overhead }, path, opts);
}

/** Whether any container of the spec asks for hugepages in a size that is not a multiple of the page. */
export function hasIndivisibleHugePages(spec: { containers?: ResourceHolder[]; initContainers?: ResourceHolder[] }): boolean {
  const all = [...(spec.containers ?? []), ...(spec.initContainers ?? [])];
  return all.some((c) => {
    const lists = [c.resources?.limits ?? {}, c.resources?.requests ?? {}];
    return lists.some((list) => Object.entries(list).some(([name, text]) => hugePageValueErrors(name, text, '', {}).length > 0));
  });
}

interface ResourceHolder {
  resources?: ResourceRequirements;
}
