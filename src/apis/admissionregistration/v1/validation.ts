// Validation of MutatingWebhookConfiguration and ValidatingWebhookConfiguration as upstream 1.25's
// pkg/apis/admissionregistration/validation (with util/webhook's URL and service rules), messages and
// field paths word for word: fully-qualified unique webhook names, rules (operations, groups, versions,
// resources with their wildcard and subresource forms, scope), policies, side effects, timeouts,
// selectors, the client config (url xor service), and the admission review versions. An update is held
// to a rule only where the old object already kept it (ValidateValidatingWebhookConfigurationUpdate).
import { GoLiteral, duplicate, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { isDNS1035Label, isDNS1123Subdomain, nameIsDNSSubdomain, validateObjectMeta } from '../../meta/v1/validation.js';
import { validateLabelSelector } from '../../../registry/selectors/index.js';
import { isValidPortNum } from '../../core/v1/network-validation.js';
import { goQuote } from '../../../registry/selectors/go-format.js';
import { parseGoUrl } from './go-url.js';
import type { MutatingWebhook, RuleWithOperations, ServiceReference, ValidatingWebhook } from './schemas.generated.js';

/** The AdmissionReview versions this server sends (upstream AcceptedAdmissionReviewVersions), in preference order. */
export const ACCEPTED_ADMISSION_REVIEW_VERSIONS: readonly string[] = ['v1', 'v1beta1'];

// Each list sorted, as upstream's sets.String.List() gives them in messages.
const SCOPES = ['*', 'Cluster', 'Namespaced'];
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Equivalent', 'Exact'];
const NO_SIDE_EFFECT_CLASSES = ['None', 'NoneOnDryRun'];
const SIDE_EFFECT_CLASSES = ['None', 'NoneOnDryRun', 'Some', 'Unknown'];
const REINVOCATION_POLICIES = ['IfNeeded', 'Never'];

/** One webhook of either kind (a validating webhook has no reinvocationPolicy). */
export type Webhook = MutatingWebhook | ValidatingWebhook;

/** What an update is held to (upstream validationOptions): on create, everything. */
export interface WebhookValidationOptions {
  requireNoSideEffects: boolean;
  requireRecognizedAdmissionReviewVersion: boolean;
  requireUniqueWebhookNames: boolean;
}

const CREATE_OPTIONS: WebhookValidationOptions = { requireNoSideEffects: true, requireRecognizedAdmissionReviewVersion: true, requireUniqueWebhookNames: true };

/** A configuration of either kind, as validation reads it. */
interface WebhookConfiguration {
  metadata: Parameters<typeof validateObjectMeta>[0];
  webhooks?: Webhook[];
}

/** upstream ValidateValidatingWebhookConfiguration / ValidateMutatingWebhookConfiguration (served as v1). */
export function validateWebhookConfiguration(config: WebhookConfiguration, mutating: boolean, opts: WebhookValidationOptions = CREATE_OPTIONS): FieldError[] {
  const errors = validateObjectMeta(config.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const names = new Set<string>();
  (config.webhooks ?? []).forEach((hook, i) => {
    const path = `webhooks[${i}]`;
    errors.push(...validateWebhook(hook, mutating, opts, path));
    errors.push(...validateAdmissionReviewVersions(hook.admissionReviewVersions ?? [], opts.requireRecognizedAdmissionReviewVersion, `${path}.admissionReviewVersions`));
    const name = hook.name ?? '';
    if (opts.requireUniqueWebhookNames && name.length > 0) {
      if (names.has(name)) errors.push(duplicate(`${path}.name`, name));
      names.add(name);
    }
  });
  return errors;
}

/**
 * upstream Validate*WebhookConfigurationUpdate: the new object, held to side effects, recognized review
 * versions and unique names only where every webhook of the old object already was.
 */
export function validateWebhookConfigurationUpdate(config: WebhookConfiguration, old: WebhookConfiguration, mutating: boolean): FieldError[] {
  const oldHooks = old.webhooks ?? [];
  return validateWebhookConfiguration(config, mutating, {
    requireNoSideEffects: oldHooks.every((h) => h.sideEffects !== undefined && NO_SIDE_EFFECT_CLASSES.includes(h.sideEffects)),
    requireRecognizedAdmissionReviewVersion: oldHooks.every((h) => (h.admissionReviewVersions ?? []).length === 0 || h.admissionReviewVersions.some(isAccepted)),
    requireUniqueWebhookNames: new Set(oldHooks.map((h) => h.name)).size === oldHooks.length,
  });
}

const isAccepted = (version: string): boolean => ACCEPTED_ADMISSION_REVIEW_VERSIONS.includes(version);

/** upstream IsFullyQualifiedName. */
function validateFullyQualifiedName(name: string, path: string): FieldError[] {
  if (name.length === 0) return [required(path)];
  const errs = isDNS1123Subdomain(name);
  if (errs.length > 0) return [invalid(path, name, errs.join(','))];
  if (name.split('.').length < 3) return [invalid(path, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

/** upstream validateValidatingWebhook / validateMutatingWebhook. */
function validateWebhook(hook: Webhook, mutating: boolean, opts: WebhookValidationOptions, path: string): FieldError[] {
  const errors = validateFullyQualifiedName(hook.name ?? '', `${path}.name`);
  (hook.rules ?? []).forEach((rule, i) => errors.push(...validateRuleWithOperations(rule, `${path}.rules[${i}]`)));
  const oneOf = (value: string | undefined, supported: readonly string[], field: string): void => {
    if (value !== undefined && !supported.includes(value)) errors.push(notSupported(`${path}.${field}`, value, supported));
  };
  oneOf(hook.failurePolicy, FAILURE_POLICIES, 'failurePolicy');
  oneOf(hook.matchPolicy, MATCH_POLICIES, 'matchPolicy');
  const sideEffects = opts.requireNoSideEffects ? NO_SIDE_EFFECT_CLASSES : SIDE_EFFECT_CLASSES;
  if (hook.sideEffects === undefined || hook.sideEffects === null) errors.push(required(`${path}.sideEffects`, `must specify one of ${sideEffects.join(', ')}`));
  else oneOf(hook.sideEffects, sideEffects, 'sideEffects');
  const timeout = hook.timeoutSeconds;
  if (timeout !== undefined && (timeout > 30 || timeout < 1)) errors.push(invalid(`${path}.timeoutSeconds`, timeout, 'the timeout value must be between 1 and 30 seconds'));
  errors.push(...validateLabelSelector(hook.namespaceSelector, `${path}.namespaceSelector`));
  errors.push(...validateLabelSelector(hook.objectSelector, `${path}.objectSelector`));
  if (mutating) oneOf((hook as MutatingWebhook).reinvocationPolicy, REINVOCATION_POLICIES, 'reinvocationPolicy');
  errors.push(...validateClientConfig(hook, `${path}.clientConfig`));
  return errors;
}

function validateClientConfig(hook: Webhook, path: string): FieldError[] {
  const { url, service } = hook.clientConfig ?? {};
  if ((url === undefined) === (service === undefined)) return [required(path, 'exactly one of url or service is required')];
  if (url !== undefined) return validateWebhookUrl(url, `${path}.url`);
  return validateWebhookService(service!, `${path}.service`);
}

const URL_FORM = '; desired format: https://host[/path]';

/** upstream ValidateWebhookURL with forceHttps. */
export function validateWebhookUrl(url: string, path: string): FieldError[] {
  const u = parseGoUrl(url);
  if ('error' in u) return [required(path, `url must be a valid URL: ${u.error}${URL_FORM}`)];
  const errors: FieldError[] = [];
  if (u.scheme !== 'https') errors.push(invalid(path, u.scheme, `'https' is the only allowed URL scheme${URL_FORM}`));
  if (u.host.length === 0) errors.push(invalid(path, u.host, `host must be provided${URL_FORM}`));
  if (u.user !== undefined) errors.push(invalid(path, u.user, 'user information is not permitted in the URL'));
  if (u.fragment.length > 0) errors.push(invalid(path, u.fragment, 'fragments are not permitted in the URL'));
  if (u.rawQuery.length > 0) errors.push(invalid(path, u.rawQuery, 'query parameters are not permitted in the URL'));
  return errors;
}

/** upstream ValidateWebhookService (the port is defaulted to 443 before). */
export function validateWebhookService(service: ServiceReference, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!service.name) errors.push(required(`${path}.name`, 'service name is required'));
  if (!service.namespace) errors.push(required(`${path}.namespace`, 'service namespace is required'));
  const port = service.port ?? 443;
  const portErrors = isValidPortNum(port);
  if (portErrors.length > 0) errors.push(invalid(`${path}.port`, port, `port is not valid: ${portErrors.join(', ')}`));
  const urlPath = service.path;
  if (urlPath === undefined || urlPath === '/' || urlPath === '') return errors;
  const at = `${path}.path`;
  if (urlPath === '//') return [...errors, invalid(at, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) errors.push(invalid(at, urlPath, "must start with a '/'"));
  let check = urlPath.slice(1);
  if (check.endsWith('/')) check = check.slice(0, -1);
  check.split('/').forEach((step, i) => {
    if (step.length === 0) errors.push(invalid(at, urlPath, `segment[${i}] may not be empty`));
    else for (const failure of isDNS1123Subdomain(step)) errors.push(invalid(at, urlPath, `segment[${i}]: ${failure}`));
  });
  return errors;
}

/** upstream validateAdmissionReviewVersions. */
function validateAdmissionReviewVersions(versions: readonly string[], requireRecognized: boolean, path: string): FieldError[] {
  if (versions.length < 1) return [required(path, `must specify one of ${ACCEPTED_ADMISSION_REVIEW_VERSIONS.join(', ')}`)];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errors.push(invalid(`${path}[${i}]`, v, 'duplicate version'));
      return;
    }
    seen.add(v);
    for (const message of isDNS1035Label(v)) errors.push(invalid(`${path}[${i}]`, v, message));
  });
  if (requireRecognized && !versions.some(isAccepted)) {
    errors.push(invalid(path, [...versions], `must include at least one of ${ACCEPTED_ADMISSION_REVIEW_VERSIONS.join(', ')}`));
  }
  return errors;
}

const hasWildcard = (values: readonly string[]): boolean => values.includes('*');

/** upstream validateRuleWithOperations (then validateRule with subresources allowed). */
function validateRuleWithOperations(rule: RuleWithOperations, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const operations = rule.operations ?? [];
  if (operations.length === 0) errors.push(required(`${path}.operations`));
  if (operations.length > 1 && hasWildcard(operations)) {
    errors.push(invalid(`${path}.operations`, new GoLiteral(`[]admissionregistration.OperationType{${operations.map(goQuote).join(', ')}}`), "if '*' is present, must not specify other operations"));
  }
  operations.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) errors.push(notSupported(`${path}.operations[${i}]`, op, OPERATIONS));
  });
  const groups = rule.apiGroups ?? [];
  if (groups.length === 0) errors.push(required(`${path}.apiGroups`));
  if (groups.length > 1 && hasWildcard(groups)) errors.push(invalid(`${path}.apiGroups`, [...groups], "if '*' is present, must not specify other API groups"));
  const versions = rule.apiVersions ?? [];
  if (versions.length === 0) errors.push(required(`${path}.apiVersions`));
  if (versions.length > 1 && hasWildcard(versions)) errors.push(invalid(`${path}.apiVersions`, [...versions], "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === '') errors.push(required(`${path}.apiVersions[${i}]`));
  });
  errors.push(...validateResources(rule.resources ?? [], `${path}.resources`));
  if (rule.scope !== undefined && !SCOPES.includes(rule.scope)) errors.push(notSupported(`${path}.scope`, rule.scope, SCOPES));
  return errors;
}

// upstream validateResources: all resources, all with subresources, a resource's subresources, a subresource
// of every resource, and how they may overlap.
function validateResources(resources: readonly string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (resources.length === 0) errors.push(required(path));
  const withWildcardSubresources = new Set<string>(); // x/*
  const subresourcesWithWildcardResource = new Set<string>(); // */x
  let hasDoubleWildcard = false;
  let hasSingleWildcard = false;
  let hasResourceWithoutSubresource = false;
  resources.forEach((resSub, i) => {
    if (resSub === '') {
      errors.push(required(`${path}[${i}]`));
      return;
    }
    if (resSub === '*/*') hasDoubleWildcard = true;
    if (resSub === '*') hasSingleWildcard = true;
    const slash = resSub.indexOf('/');
    if (slash < 0) {
      hasResourceWithoutSubresource = resSub !== '*';
      return;
    }
    const [res, sub] = [resSub.slice(0, slash), resSub.slice(slash + 1)];
    if (withWildcardSubresources.has(res)) errors.push(invalid(`${path}[${i}]`, resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (subresourcesWithWildcardResource.has(sub)) errors.push(invalid(`${path}[${i}]`, resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
    if (sub === '*') withWildcardSubresources.add(res);
    if (res === '*') subresourcesWithWildcardResource.add(sub);
  });
  if (resources.length > 1 && hasDoubleWildcard) errors.push(invalid(path, [...resources], "if '*/*' is present, must not specify other resources"));
  if (hasSingleWildcard && hasResourceWithoutSubresource) errors.push(invalid(path, [...resources], "if '*' is present, must not specify other resources without subresources"));
  return errors;
}
