// ResourceQuota (core v1, namespaced): validation as upstream ValidateResourceQuota (quota resource
// names, non-negative and whole quantities, scopes and scopeSelector), the strategy (status only
// through `status`; created empty, as the quota controller fills it), and printResourceQuota's table.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { quantityString } from '../../../schema/quantity-value.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { CORE_V1 } from './object-reference.js';
import { quantityAt, validateQuotaResourceName, validateResourceQuantityValue } from './resource-names.js';
import { goScopes, validateQuotaScopes, validateScopeSelector } from './resourcequota-scopes.js';
import { ResourceQuotaSchema, type ResourceQuota } from './schemas.generated.js';

export { ResourceQuotaSchema, type ResourceQuota };

/** Names and quantities of one resource map (`spec.hard`, `status.hard`, `status.used`). */
function validateQuotaMap(map: Record<string, string> | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, text] of Object.entries(map ?? {})) {
    const at = `${path}[${name}]`;
    errors.push(...validateQuotaResourceName(name, at), ...validateResourceQuantityValue(name, quantityAt(text), at));
  }
  return errors;
}

/** upstream ValidateResourceQuotaSpec. */
function validateQuotaSpec(rq: ResourceQuota): FieldError[] {
  const spec = rq.spec ?? {};
  return [...validateQuotaMap(spec.hard, 'spec.hard'), ...validateQuotaScopes(spec, 'spec'), ...validateScopeSelector(spec, 'spec')];
}

/** upstream ValidateResourceQuota: metadata, spec, status. */
export function validateResourceQuota(rq: ResourceQuota): FieldError[] {
  return [
    ...validateObjectMeta(rq.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validateQuotaSpec(rq),
    ...validateQuotaMap(rq.status?.hard, 'status.hard'),
    ...validateQuotaMap(rq.status?.used, 'status.used'),
  ];
}

/** upstream ValidateResourceQuotaUpdate: the spec rules, and scopes never change. */
export function validateResourceQuotaUpdate(rq: ResourceQuota, old: ResourceQuota): FieldError[] {
  const errors = [...validateObjectMetaUpdate(rq.metadata, old.metadata), ...validateQuotaSpec(rq)];
  const now = new Set(rq.spec?.scopes ?? []);
  const before = new Set(old.spec?.scopes ?? []);
  if (now.size !== before.size || [...now].some((s) => !before.has(s))) errors.push(invalid('spec.scopes', goScopes(rq.spec?.scopes), 'field is immutable'));
  return errors;
}

/** upstream ValidateResourceQuotaStatusUpdate. */
export function validateResourceQuotaStatusUpdate(rq: ResourceQuota, old: ResourceQuota): FieldError[] {
  const errors = validateObjectMetaUpdate(rq.metadata, old.metadata);
  if (!rq.metadata.resourceVersion) errors.push(required('resourceVersion'));
  return [...errors, ...validateQuotaMap(rq.status?.hard, 'status.hard'), ...validateQuotaMap(rq.status?.used, 'status.used')];
}

/** printResourceQuota: `<name>: <used>/<hard>` of status.hard sorted by name, `limits.*` in Limit, the rest in Request. */
export function quotaCells(rq: ResourceQuota): { request: string; limit: string } {
  const hard = rq.status?.hard ?? {};
  const used = rq.status?.used ?? {};
  const request: string[] = [];
  const limit: string[] = [];
  for (const name of Object.keys(hard).sort()) {
    const usedText = used[name] === undefined ? '0' : quantityString(quantityAt(used[name]));
    const pieces = name.split('.');
    const into = pieces.length > 1 && pieces[0] === 'limits' ? limit : request;
    into.push(`${name}: ${usedText}/${quantityString(quantityAt(hard[name] ?? '0'))}`);
  }
  return { request: request.join(', '), limit: limit.join(', ') };
}

const requestColumn: TableColumn<ResourceQuota> = {
  definition: columnDefinition('Request', 'string', 'Request represents a minimum amount of cpu/memory that a container may consume.'),
  cell: (rq) => quotaCells(rq).request,
};
const limitColumn: TableColumn<ResourceQuota> = {
  definition: columnDefinition('Limit', 'string', 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.'),
  cell: (rq) => quotaCells(rq).limit,
};

/** The ResourceQuota resource: `resourcequotas`, short name `quota`, subresource `status`. */
export const resourceQuotaDefinition: ResourceDefinition<ResourceQuota> = {
  group: '',
  version: 'v1',
  kind: 'ResourceQuota',
  listKind: 'ResourceQuotaList',
  resource: 'resourcequotas',
  singular: 'resourcequota',
  shortNames: ['quota'],
  namespaced: true,
  schema: ResourceQuotaSchema,
  definitionName: `${CORE_V1}.ResourceQuota`,
  verbs: ALL_VERBS,
  subresources: [statusSubresource({ validateUpdate: validateResourceQuotaStatusUpdate })],
  strategy: {
    prepareForCreate: (rq) => {
      rq.status = {};
    },
    validate: validateResourceQuota,
    validateUpdate: validateResourceQuotaUpdate,
  },
  tableColumns: [nameColumn(), ageColumn(), requestColumn, limitColumn],
};
