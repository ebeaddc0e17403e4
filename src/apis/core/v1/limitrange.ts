// LimitRange (core v1, namespaced): validation as upstream ValidateLimitRange (limit types, resource
// names per type, min <= defaultRequest <= default <= max, maxLimitRequestRatio), and the strategy's
// generated name. Upstream prints no columns of its own: the default Name / Created At table.
import { randomUUID } from 'node:crypto';
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { GoLiteral, duplicate, forbidden, invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { compareParsed, goQuantity, roundedMilliValue, quantityOf, quantityString, roundedValue, type Quantity } from '../../../schema/quantity-value.js';
import { isQualifiedName, nameIsDNSSubdomain, validateObjectMeta } from '../../meta/v1/validation.js';
import { CORE_V1 } from './object-reference.js';
import { STANDARD_LIMIT_TYPES, isOvercommitAllowed, quantityAt, validateContainerResourceName, validateResourceName } from './resource-names.js';
import { LimitRangeSchema, type LimitRange, type LimitRangeItem } from './schemas.generated.js';

export { LimitRangeSchema, type LimitRange };

/** Upstream validateLimitRangeTypeName: a qualified name; unprefixed only Pod, Container or PersistentVolumeClaim. */
function validateLimitType(type: string, path: string): FieldError[] {
  const errors = isQualifiedName(type).map((message) => invalid(path, type, message));
  if (errors.length === 0 && !type.includes('/') && !STANDARD_LIMIT_TYPES.has(type)) errors.push(invalid(path, type, 'must be a standard limit type or fully qualified'));
  return errors;
}

/** Pod and Container limits name container resources; other types any resource (storage). */
function validateLimitResourceName(type: string, name: string, path: string): FieldError[] {
  return type === 'Pod' || type === 'Container' ? validateContainerResourceName(name, path) : validateResourceName(name, path);
}

type Bound = 'max' | 'min' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio';

/** Go prints a Quantity passed by value with %#v; upstream called String() on it just before. */
const shown = (q: Quantity): GoLiteral => new GoLiteral(goQuantity(q, true));
const str = quantityString;
const MAX_MILLI_VALUE = 9223372036854775807n / 1000n;

/** Go's %f: six decimals. */
const goFloat = (n: number): string => (Number.isFinite(n) ? n.toFixed(6) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

/** The ordering rules between the bounds of one resource of one item (upstream's per-key checks). */
function validateBounds(name: string, b: Partial<Record<Bound, Quantity>>, at: (bound: Bound) => string): FieldError[] {
  const errors: FieldError[] = [];
  const { min, max, default: def, defaultRequest: req, maxLimitRequestRatio: ratio } = b;
  const gt = (a: Quantity, c: Quantity): boolean => compareParsed(a, c) > 0;
  if (min && max && gt(min, max)) errors.push(invalid(at('min'), shown(min), `min value ${str(min)} is greater than max value ${str(max)}`));
  if (req && min && gt(min, req)) errors.push(invalid(at('defaultRequest'), shown(req), `min value ${str(min)} is greater than default request value ${str(req)}`));
  if (req && max && gt(req, max)) errors.push(invalid(at('defaultRequest'), shown(req), `default request value ${str(req)} is greater than max value ${str(max)}`));
  if (req && def && gt(req, def)) errors.push(invalid(at('defaultRequest'), shown(req), `default request value ${str(req)} is greater than default limit value ${str(def)}`));
  if (def && min && gt(min, def)) errors.push(invalid(at('default'), shown(min), `min value ${str(min)} is greater than default value ${str(def)}`));
  if (def && max && gt(def, max)) errors.push(invalid(at('default'), shown(max), `default value ${str(def)} is greater than max value ${str(max)}`));
  if (ratio && compareParsed(ratio, quantityOf(1n)) < 0) errors.push(invalid(at('maxLimitRequestRatio'), shown(ratio), `ratio ${str(ratio)} is less than 1`));
  if (ratio && min && max) {
    const milli = roundedValue(ratio) < MAX_MILLI_VALUE && roundedValue(min) < MAX_MILLI_VALUE && roundedValue(max) < MAX_MILLI_VALUE;
    const ratioValue = milli ? Number(roundedMilliValue(ratio)) / 1000 : Number(roundedValue(ratio));
    const limit = milli ? Number(roundedMilliValue(max)) / Number(roundedMilliValue(min)) : Number(roundedValue(max)) / Number(roundedValue(min));
    if (ratioValue > limit) errors.push(invalid(at('maxLimitRequestRatio'), shown(ratio), `ratio ${str(ratio)} is greater than max/min = ${goFloat(limit)}`));
  }
  if (!isOvercommitAllowed(name) && def && req && compareParsed(def, req) !== 0)
    errors.push(invalid(at('defaultRequest'), shown(req), `default value ${str(def)} must equal to defaultRequest value ${str(req)} in ${name}`));
  return errors;
}

/** One entry of spec.limits. */
function validateLimitItem(limit: LimitRangeItem, path: string): FieldError[] {
  const type = limit.type ?? '';
  const errors: FieldError[] = [];
  const bounds = new Map<string, Partial<Record<Bound, Quantity>>>();
  const collect = (bound: Bound): void => {
    for (const [name, text] of Object.entries(limit[bound] ?? {})) {
      errors.push(...validateLimitResourceName(type, name, `${path}.${bound}[${name}]`));
      bounds.set(name, { ...bounds.get(name), [bound]: quantityAt(text) });
    }
  };
  collect('max');
  collect('min');
  if (type === 'Pod') {
    if (Object.keys(limit.default ?? {}).length > 0) errors.push(forbidden(`${path}.default`, "may not be specified when `type` is 'Pod'"));
    if (Object.keys(limit.defaultRequest ?? {}).length > 0) errors.push(forbidden(`${path}.defaultRequest`, "may not be specified when `type` is 'Pod'"));
  } else {
    collect('default');
    collect('defaultRequest');
  }
  if (type === 'PersistentVolumeClaim' && limit.min?.['storage'] === undefined && limit.max?.['storage'] === undefined)
    errors.push(required(`${path}.limits`, 'either minimum or maximum storage value is required, but neither was provided'));
  collect('maxLimitRequestRatio');
  for (const [name, b] of bounds) errors.push(...validateBounds(name, b, (bound) => `${path}.${bound}[${name}]`));
  return errors;
}

/** upstream ValidateLimitRange. */
export function validateLimitRange(lr: LimitRange): FieldError[] {
  const errors = validateObjectMeta(lr.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  const types = new Set<string>();
  (lr.spec?.limits ?? []).forEach((limit, i) => {
    const path = `spec.limits[${i}]`;
    errors.push(...validateLimitType(limit.type ?? '', `${path}.type`));
    if (types.has(limit.type ?? '')) errors.push(duplicate(`${path}.type`, limit.type ?? ''));
    types.add(limit.type ?? '');
    errors.push(...validateLimitItem(limit, path));
  });
  return errors;
}

/**
 * upstream SetDefaults_LimitRangeItem, for Container items: a missing default limit is the max, a missing default
 * request the default limit, else the min. (Go makes the maps; left empty, omitempty drops them.)
 */
export function defaultLimitRange(lr: LimitRange): void {
  for (const item of lr.spec?.limits ?? []) {
    if (item.type !== 'Container') continue;
    const limits = { ...item.max, ...item.default };
    const requests = { ...item.min, ...limits, ...item.defaultRequest };
    if (Object.keys(limits).length > 0) item.default = limits;
    if (Object.keys(requests).length > 0) item.defaultRequest = requests;
  }
}

/** upstream limitrange PrepareForCreate: an unnamed LimitRange gets a UUID for a name. */
export function prepareLimitRangeForCreate(lr: LimitRange): void {
  if (!lr.metadata.name) lr.metadata.name = randomUUID();
}

/** The LimitRange resource: `limitranges`, short name `limits`; upstream validates updates as creates. */
export const limitRangeDefinition: ResourceDefinition<LimitRange> = {
  group: '',
  version: 'v1',
  kind: 'LimitRange',
  listKind: 'LimitRangeList',
  resource: 'limitranges',
  singular: 'limitrange',
  shortNames: ['limits'],
  namespaced: true,
  schema: LimitRangeSchema,
  definitionName: `${CORE_V1}.LimitRange`,
  verbs: ALL_VERBS,
  defaults: defaultLimitRange,
  strategy: {
    prepareForCreate: prepareLimitRangeForCreate,
    validate: validateLimitRange,
    validateUpdate: (lr) => validateLimitRange(lr),
  },
};
