// Query parameters of the REST verbs (1-conventions: common parameters), parsed and validated as
// upstream does: values converted as its parameter codec converts them (schema/query-parameters.ts; 400
// BadRequest when they do not convert), invalid combinations 422 on the options kind.
import { invalid } from '../errors/status-error.js';
import * as field from '../errors/field-errors.js';
import type { FieldError } from '../errors/field-errors.js';
import type { DeleteOptions } from '../apis/meta/v1/types.js';
import { boolQuery, int64Query, optionalBoolQuery } from '../schema/query-parameters.js';

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

function optionsInvalid(kind: string, errors: FieldError[]): void {
  if (errors.length > 0) throw invalid('meta.k8s.io', kind, '', errors);
}

/**
 * dryRun (only `All`), fieldManager (<= 128 chars) and fieldValidation of create, update and patch;
 * `leading` errors (patchTypeErrors) come first in the one 422, as upstream lists them. With the
 * ServerSideFieldValidation gate off (`serverSideFieldValidation` false) the directive is still checked
 * but is Ignore whatever it says, as upstream 1.25's handlers resolve it.
 */
export function writeParams(query: URLSearchParams, optionsKind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions', leading: readonly FieldError[] = [], serverSideFieldValidation = true) {
  const dryRunValues = query.getAll('dryRun');
  const fieldManager = query.get('fieldManager') ?? undefined;
  const errors: FieldError[] = [...leading];
  if (dryRunValues.some((v) => v !== 'All')) errors.push(field.notSupported('dryRun', dryRunValues, ['All']));
  if (fieldManager !== undefined && fieldManager.length > 128) errors.push(field.tooLong('fieldManager', fieldManager, 128));
  const fieldValidation = fieldValidationParam(query);
  if (fieldValidation === undefined) errors.push(field.notSupported('fieldValidation', query.get('fieldValidation'), ['', 'Ignore', 'Strict', 'Warn']));
  optionsInvalid(optionsKind, errors);
  const directive: FieldValidation = serverSideFieldValidation ? (fieldValidation ?? 'Warn') : 'Ignore';
  // `requestedFieldValidation`: the parameter as sent, which upstream's options carry (webhooks see it).
  return { dryRun: dryRunValues.length > 0, fieldManager, fieldValidation: directive, requestedFieldValidation: query.get('fieldValidation') ?? undefined };
}

/** upstream ValidatePatchOptions' patch-type rules: `force` only with apply, which needs a `fieldManager`. */
export function patchTypeErrors(query: URLSearchParams, apply: boolean): FieldError[] {
  // Any `force` parameter, even empty or false, sets PatchOptions.Force (the codec's *bool).
  if (!apply) return query.has('force') ? [field.forbidden('force', 'may not be specified for non-apply patch')] : [];
  return query.get('fieldManager') ? [] : [field.required('fieldManager', 'is required for apply patch')];
}

/**
 * Upstream 1.25 default when absent: Warn (ServerSideFieldValidation on). Undefined for a value that
 * is not a directive: upstream's ValidateFieldValidation makes that a 422 on the options kind.
 */
export function fieldValidationParam(query: URLSearchParams): FieldValidation | undefined {
  const raw = query.get('fieldValidation');
  if (raw === null || raw === '') return 'Warn';
  if (raw === 'Ignore' || raw === 'Warn' || raw === 'Strict') return raw;
  return undefined;
}

export interface ListParams {
  labelSelector: string;
  fieldSelector: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan';
  timeoutSeconds?: number;
  allowWatchBookmarks: boolean;
}

/**
 * List and watch parameters with upstream's ValidateListOptions rules (422 ListOptions.meta.k8s.io).
 * Without `chunking` (the APIListChunking gate off) `limit` and `continue` are checked but dropped, as
 * upstream's storage and watch cache ignore them then: the list is whole, with no continue token.
 */
export function listParams(query: URLSearchParams, watch: boolean, chunking = true): ListParams {
  const resourceVersion = query.get('resourceVersion') ?? undefined;
  const match = query.get('resourceVersionMatch') ?? '';
  const cont = query.get('continue') ?? '';
  const errors: FieldError[] = [];
  // upstream ValidateListOptions (1.25): every rule holds for watches too, which may not use the parameter.
  if (match !== '') {
    if (watch) errors.push(field.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch'));
    if (!resourceVersion) errors.push(field.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (cont) errors.push(field.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') errors.push(field.notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && resourceVersion === '0') errors.push(field.forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  const limit = int64Query(query, 'limit');
  const timeoutSeconds = int64Query(query, 'timeoutSeconds');
  optionsInvalid('ListOptions', errors);
  const params: ListParams = {
    labelSelector: query.get('labelSelector') ?? '',
    fieldSelector: query.get('fieldSelector') ?? '',
    allowWatchBookmarks: boolQuery(query, 'allowWatchBookmarks'),
  };
  if (chunking && limit !== undefined && limit > 0) params.limit = limit;
  if (chunking && cont) params.continue = cont;
  if (resourceVersion !== undefined) params.resourceVersion = resourceVersion;
  if (match === 'Exact' || match === 'NotOlderThan') params.resourceVersionMatch = match;
  if (timeoutSeconds !== undefined) params.timeoutSeconds = timeoutSeconds;
  return params;
}

const PROPAGATION = ['Foreground', 'Background', 'Orphan'] as const;

/**
 * A DELETE's options as upstream's delete handlers read them (1.25): from the body when it has one (the query is
 * then not read), else from the query; then ValidateDeleteOptions, in its order.
 */
export function deleteOptions(query: URLSearchParams, body: DeleteOptions | undefined): DeleteOptions & { dryRunAll: boolean } {
  const options = body ? { ...body } : deleteOptionsQuery(query);
  const dryRun = options.dryRun ?? [];
  const errors: FieldError[] = [];
  if (options.propagationPolicy !== undefined && options.orphanDependents !== undefined)
    errors.push(field.invalid('propagationPolicy', options.propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  if (options.propagationPolicy !== undefined && !PROPAGATION.includes(options.propagationPolicy))
    errors.push(field.notSupported('propagationPolicy', options.propagationPolicy, [...PROPAGATION, 'nil']));
  if (dryRun.some((v) => v !== 'All')) errors.push(field.notSupported('dryRun', dryRun, ['All']));
  optionsInvalid('DeleteOptions', errors);
  return { ...options, dryRunAll: dryRun.length > 0 };
}

/** DeleteOptions from query parameters (the parameter codec's conversions: a value that does not convert is a 400). */
function deleteOptionsQuery(query: URLSearchParams): DeleteOptions {
  const options: DeleteOptions = {};
  const grace = int64Query(query, 'gracePeriodSeconds');
  if (grace !== undefined) options.gracePeriodSeconds = grace;
  const policy = query.get('propagationPolicy');
  if (policy) options.propagationPolicy = policy as DeleteOptions['propagationPolicy'];
  const orphan = optionalBoolQuery(query, 'orphanDependents');
  if (orphan !== undefined) options.orphanDependents = orphan;
  const dryRun = query.getAll('dryRun');
  if (dryRun.length > 0) options.dryRun = dryRun;
  return options;
}
