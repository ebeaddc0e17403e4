// APIService validation (3-resources "APIService"), as kube-aggregator's ValidateAPIService,
// ValidateAPIServiceUpdate and ValidateAPIServiceStatusUpdate: the name is `<version>.<group>`, priorities
// in range, and a local APIService (no service) has neither caBundle nor insecureSkipTLSVerify.
import { invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import {
  isDNS1035Label,
  isDNS1123Subdomain,
  validateObjectMeta,
  validateObjectMetaUpdate,
  validatePathSegmentName,
  type NameValidator,
} from '../../meta/v1/validation.js';
import type { APIService } from './schemas.generated.js';

const CONDITION_STATUSES = ['True', 'False', 'Unknown'] as const;

/** The decoded length of a base64 `caBundle` (upstream counts bytes). */
export function caBundleLength(caBundle: string | undefined): number {
  return caBundle ? Buffer.from(caBundle, 'base64').length : 0;
}

/** The name must be a path segment and equal `spec.version + "." + spec.group`. */
function apiServiceNameValidator(requiredName: string): NameValidator {
  return (name, prefix) => {
    const minimal = validatePathSegmentName(name, prefix);
    if (minimal.length > 0) return minimal;
    return name === requiredName ? [] : [`must be \`spec.version+"."+spec.group\`: ${JSON.stringify(requiredName)}`];
  };
}

function validateGroupAndVersion(group: string, version: string): FieldError[] {
  const errs: FieldError[] = [];
  // Only the legacy core group (v1) may have an empty group.
  if (group === '' && version !== 'v1') errs.push(required('spec.group', 'only v1 may have an empty group and it better be legacy kube'));
  if (group !== '') errs.push(...isDNS1123Subdomain(group).map((msg) => invalid('spec.group', group, msg)));
  errs.push(...isDNS1035Label(version).map((msg) => invalid('spec.version', version, msg)));
  return errs;
}

function validatePriorities(groupPriorityMinimum: number, versionPriority: number): FieldError[] {
  const errs: FieldError[] = [];
  if (groupPriorityMinimum <= 0 || groupPriorityMinimum > 20000) {
    errs.push(invalid('spec.groupPriorityMinimum', groupPriorityMinimum, 'must be positive and less than 20000'));
  }
  if (versionPriority <= 0 || versionPriority > 1000) {
    errs.push(invalid('spec.versionPriority', versionPriority, 'must be positive and less than 1000'));
  }
  return errs;
}

/** Where the API is served: locally (no service: no TLS settings) or by a service on a valid port. */
function validateServiceAndTLS(spec: APIService['spec']): FieldError[] {
  const errs: FieldError[] = [];
  const caBytes = caBundleLength(spec?.caBundle);
  const skipVerify = spec?.insecureSkipTLSVerify ?? false;
  const service = spec?.service;
  if (!service) {
    if (caBytes !== 0) errs.push(invalid('spec.caBundle', `${caBytes} bytes`, 'local APIServices may not have a caBundle'));
    if (skipVerify) errs.push(invalid('spec.insecureSkipTLSVerify', skipVerify, 'local APIServices may not have insecureSkipTLSVerify'));
    return errs;
  }
  if (!service.namespace) errs.push(required('spec.service.namespace'));
  if (!service.name) errs.push(required('spec.service.name'));
  const port = service.port ?? 0;
  if (port < 1 || port > 65535) errs.push(invalid('spec.service.port', port, 'port is not valid: must be between 1 and 65535, inclusive'));
  if (skipVerify && caBytes > 0) errs.push(invalid('spec.insecureSkipTLSVerify', skipVerify, 'may not be true if caBundle is present'));
  return errs;
}

/** upstream ValidateAPIService. */
export function validateAPIService(apiService: APIService): FieldError[] {
  const group = apiService.spec?.group ?? '';
  const version = apiService.spec?.version ?? '';
  return [
    ...validateObjectMeta(apiService.metadata, { namespaced: false, nameValidator: apiServiceNameValidator(`${version}.${group}`) }),
    ...validateGroupAndVersion(group, version),
    ...validatePriorities(apiService.spec?.groupPriorityMinimum ?? 0, apiService.spec?.versionPriority ?? 0),
    ...validateServiceAndTLS(apiService.spec),
  ];
}

/** upstream ValidateAPIServiceUpdate: metadata update rules, then the whole object again. */
export function validateAPIServiceUpdate(apiService: APIService, old: APIService): FieldError[] {
  return [...validateObjectMetaUpdate(apiService.metadata, old.metadata), ...validateAPIService(apiService)];
}

/** upstream ValidateAPIServiceStatusUpdate: metadata update rules and condition statuses. */
export function validateAPIServiceStatusUpdate(apiService: APIService, old: APIService): FieldError[] {
  const errs = validateObjectMetaUpdate(apiService.metadata, old.metadata);
  (apiService.status?.conditions ?? []).forEach((condition, i) => {
    if (!(CONDITION_STATUSES as readonly string[]).includes(condition.status)) {
      errs.push(notSupported(`status.conditions[${i}].status`, condition.status, CONDITION_STATUSES));
    }
  });
  return errs;
}
