// Resource names and quantities as upstream's core validation checks them (pkg/apis/core/helper and
// validation): standard, container, quota and limit-range names, integer resources, hugepages, and
// ValidateResourceQuantityValue. Shared by Node, LimitRange, ResourceQuota and RuntimeClass.
import { GoLiteral, forbidden, invalid, type FieldError } from '../../../errors/field-errors.js';
import { goQuantity, parseQuantity, roundedMilliValue, quantityString, roundedValue, type Quantity } from '../../../schema/quantity-value.js';
import { isQualifiedName } from '../../meta/v1/validation.js';

/** Resource names of huge pages begin with it (`hugepages-2Mi`). */
export const HUGEPAGES_PREFIX = 'hugepages-';
const REQUESTS_HUGEPAGES_PREFIX = 'requests.hugepages-';
const DEFAULT_NAMESPACE_PREFIX = 'kubernetes.io/';
const REQUESTS_PREFIX = 'requests.';

const COUNT_RESOURCES = ['pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers'];
const COMPUTE = ['cpu', 'memory', 'ephemeral-storage'];
const REQUESTS_LIMITS = ['requests.cpu', 'requests.memory', 'requests.ephemeral-storage', 'limits.cpu', 'limits.memory', 'limits.ephemeral-storage'];

const STANDARD_RESOURCES = new Set([...COMPUTE, ...REQUESTS_LIMITS, ...COUNT_RESOURCES, 'storage', 'requests.storage']);
const STANDARD_QUOTA_RESOURCES = new Set([...COMPUTE, ...REQUESTS_LIMITS, ...COUNT_RESOURCES, 'requests.storage']);
const STANDARD_CONTAINER_RESOURCES = new Set(COMPUTE);
const INTEGER_RESOURCES = new Set(COUNT_RESOURCES);
export const STANDARD_LIMIT_TYPES = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);

export const isHugePageResourceName = (name: string): boolean => name.startsWith(HUGEPAGES_PREFIX);
const isQuotaHugePageResourceName = (name: string): boolean => name.startsWith(HUGEPAGES_PREFIX) || name.startsWith(REQUESTS_HUGEPAGES_PREFIX);
/** Unprefixed names and `*kubernetes.io/` names are native. */
export const isNativeResource = (name: string): boolean => !name.includes('/') || name.includes(DEFAULT_NAMESPACE_PREFIX);
export const isStandardResourceName = (name: string): boolean => STANDARD_RESOURCES.has(name) || isQuotaHugePageResourceName(name);
export const isStandardQuotaResourceName = (name: string): boolean => STANDARD_QUOTA_RESOURCES.has(name) || isQuotaHugePageResourceName(name);
const isStandardContainerResourceName = (name: string): boolean => STANDARD_CONTAINER_RESOURCES.has(name) || isHugePageResourceName(name);

/** Upstream IsExtendedResourceName: outside kubernetes.io, and `requests.<name>` is a qualified name. */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith(REQUESTS_PREFIX)) return false;
  return isQualifiedName(`${REQUESTS_PREFIX}${name}`).length === 0;
}

/** Resources whose quantities must be whole numbers (object counts and extended resources). */
export const isIntegerResourceName = (name: string): boolean => INTEGER_RESOURCES.has(name) || isExtendedResourceName(name);
/** Native resources other than hugepages may be overcommitted (requests below limits). */
export const isOvercommitAllowed = (name: string): boolean => isNativeResource(name) && !isHugePageResourceName(name);

/** Upstream validateResourceName: a qualified name, and unprefixed only when standard. */
export function validateResourceName(name: string, path: string): FieldError[] {
  const errors = isQualifiedName(name).map((message) => invalid(path, name, message));
  if (errors.length > 0) return errors;
  if (!name.includes('/') && !isStandardResourceName(name)) return [invalid(path, name, 'must be a standard resource type or fully qualified')];
  return [];
}

/** Upstream validateContainerResourceName. */
export function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errors = validateResourceName(name, path);
  if (!name.includes('/')) {
    if (!isStandardContainerResourceName(name)) errors.push(invalid(path, name, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errors.push(invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errors;
}

/** Upstream ValidateResourceQuotaResourceName. */
export function validateQuotaResourceName(name: string, path: string): FieldError[] {
  const errors = validateResourceName(name, path);
  if (!name.includes('/') && !isStandardQuotaResourceName(name)) errors.push(invalid(path, name, 'must be a standard resource for quota'));
  return errors;
}

/** A map value the decoder accepted as a quantity (unparseable ones cannot reach validation). */
export function quantityAt(text: string | number): Quantity {
  return parseQuantity(text) ?? { nanos: 0n, format: 'DecimalSI', cached: '' };
}

/** Upstream ValidateResourceQuantityValue: not negative, and whole for integer resources. */
export function validateResourceQuantityValue(name: string, q: Quantity, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (q.nanos < 0n) errors.push(invalid(path, quantityString(q), 'must be greater than or equal to 0'));
  if (isIntegerResourceName(name) && roundedMilliValue(q) % 1000n !== 0n) errors.push(invalid(path, new GoLiteral(goQuantity(q)), 'must be an integer'));
  return errors;
}

/** Upstream IsHugePageResourceValueDivisible: a positive whole multiple of the page size in the name. */
function hugePageValueDivisible(name: string, q: Quantity): boolean {
  const pageSize = parseQuantity(name.slice(HUGEPAGES_PREFIX.length));
  if (!pageSize || pageSize.nanos <= 0n || roundedMilliValue(pageSize) % 1000n !== 0n) return false;
  const size = roundedValue(pageSize);
  return q.nanos >= 0n && roundedValue(q) % size === 0n;
}

/**
 * Upstream ValidateResourceRequirements for limits only (RuntimeClass overhead reuses it, so errors sit
 * under `<path>.limits`): container resource names, quantities, hugepage sizes, hugepages need cpu or memory.
 */
export function validateResourceLimits(limits: Record<string, string | number> | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  let cpuOrMemory = false;
  let hugePages = false;
  for (const [name, text] of Object.entries(limits ?? {})) {
    const at = `${path}.limits[${name}]`;
    const q = quantityAt(text);
    errors.push(...validateContainerResourceName(name, at), ...validateResourceQuantityValue(name, q, at));
    if (isHugePageResourceName(name)) {
      hugePages = true;
      if (!hugePageValueDivisible(name, q)) errors.push(invalid(at, quantityString(q), `${quantityString(q)} is not positive integer multiple of ${name}`));
    }
    if (name === 'cpu' || name === 'memory') cpuOrMemory = true;
  }
  if (hugePages && !cpuOrMemory) errors.push(forbidden(path, 'HugePages require cpu or memory'));
  return errors;
}
