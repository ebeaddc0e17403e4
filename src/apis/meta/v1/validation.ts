// Generic validation of meta/v1 shapes: the name formats every kind uses (DNS subdomain, DNS label,
// qualified name, label value, path segment, ConfigMap key) and ObjectMeta on create and update.
// Messages are upstream's word for word (k8s.io/apimachinery util/validation, api/validation,
// apis/meta/v1/validation and the core group's finalizer rule), because clients and users match on them.
import * as field from '../../../errors/field-errors.js';
import type { FieldError } from '../../../errors/field-errors.js';
import type { ManagedFieldsEntry, ObjectMeta, OwnerReference } from './types.js';

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * byteLength(s) > max without encoding when the length alone settles it: a UTF-16 code unit is 1 to 3
 * UTF-8 bytes (a surrogate pair 4 for 2 units), so bytes >= units and bytes <= 3 * units.
 */
function longerThan(s: string, max: number): boolean {
  if (s.length > max) return true;
  return s.length * 3 > max && byteLength(s) > max;
}

/** Upstream MaxLenError. */
const maxLenError = (length: number): string => `must be no more than ${length} characters`;

/** Upstream RegexError: message, examples, and the regex shown to the user. */
export function regexError(msg: string, format: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${format}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${format}')`;
}

/** upstream isNegativeErrorMsg. */
export const NEGATIVE_MESSAGE = 'must be greater than or equal to 0';

/** upstream ValidateNonnegativeField (an absent value counts as Go's zero). */
export const validateNonnegativeField = (value: number | undefined, path: string): FieldError[] =>
  (value ?? 0) < 0 ? [field.invalid(path, value, NEGATIVE_MESSAGE)] : [];

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const anchored = (format: string): RegExp => new RegExp(`^${format}$`);
const qualifiedNameRe = anchored(QUALIFIED_NAME_FMT);
const QUALIFIED_NAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/**
 * A check of a length limit and a format, as upstream writes most of them: MaxLenError when longer than
 * `max` bytes, RegexError (with upstream's message and examples) when the format does not match.
 */
function formatCheck(max: number, format: string, message: string, ...examples: string[]): (value: string) => string[] {
  const re = anchored(format);
  return (value) => {
    const errs: string[] = [];
    if (longerThan(value, max)) errs.push(maxLenError(max));
    if (!re.test(value)) errs.push(regexError(message, format, ...examples));
    return errs;
  };
}

/** Checks a lowercase RFC 1123 label (at most 63 characters); returns upstream's messages. */
export const isDNS1123Label = formatCheck(63, DNS1123_LABEL_FMT,
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
  'my-name', '123-abc');

/** Checks a lowercase RFC 1123 subdomain (at most 253 characters). */
export const isDNS1123Subdomain = formatCheck(253, DNS1123_SUBDOMAIN_FMT,
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
  'example.com');

/** Checks an RFC 1035 label (starts with a letter; at most 63 characters). */
export const isDNS1035Label = formatCheck(63, DNS1035_LABEL_FMT,
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
  'my-name', 'abc-123');

/** Checks a wildcard subdomain (`*.example.com`: Ingress hosts; at most 253 characters). */
export const isWildcardDNS1123Subdomain = formatCheck(253, `\\*\\.${DNS1123_SUBDOMAIN_FMT}`,
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character",
  '*.example.com');

const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const httpPathRe = anchored(HTTP_PATH_FMT);

/**
 * Upstream IsDomainPrefixedPath (`acme.io/foo`: an RFC 1123 subdomain, '/', then HTTP path characters),
 * as field errors at `path`.
 */
export function validateDomainPrefixedPath(value: string, path: string): FieldError[] {
  if (value.length === 0) return [field.required(path)];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || host.length === 0 || rest.length === 0) return [field.invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errors = isDNS1123Subdomain(host).map((m) => field.invalid(path, host, m));
  if (!httpPathRe.test(rest)) errors.push(field.invalid(path, rest, regexError('must be a valid path', HTTP_PATH_FMT)));
  return errors;
}

/** Checks a qualified name (label keys, annotation keys, finalizers): `[dns-subdomain/]name`, name <= 63. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  // What value.split('/') would give, without its array: no '/', exactly one, or more.
  const slash = value.indexOf('/');
  let name: string;
  if (slash < 0) {
    name = value;
  } else if (value.indexOf('/', slash + 1) < 0) {
    const prefix = value.slice(0, slash);
    name = value.slice(slash + 1);
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    const regex = regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc');
    return [`a qualified name ${regex} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (longerThan(name, 63)) errs.push(`name part ${maxLenError(63)}`);
  if (!qualifiedNameRe.test(name)) errs.push(`name part ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** Checks a label value: empty, or a qualified-name-like string of at most 63 characters. */
export const isValidLabelValue = formatCheck(63, LABEL_VALUE_FMT,
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
  'MyValue', 'my_value', '12345');

const configMapKeyFormat = formatCheck(253, CONFIG_MAP_KEY_FMT, "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
  'key.name', 'KEY_NAME', 'key-name');

/** Checks a key of ConfigMap/Secret data (also used for projected file names). */
export function isConfigMapKey(value: string): string[] {
  const errs = configMapKeyFormat(value);
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** A kind's name rule: `prefix` is true when validating `generateName` (a suffix will be appended). */
export type NameValidator = (name: string, prefix: boolean) => string[];

/** Upstream maskTrailingDash: a generateName may end in '-'; replace it so the rest can be checked. */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** Name rule of most kinds: a DNS-1123 subdomain. */
export const nameIsDNSSubdomain: NameValidator = (name, prefix) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
/** Name rule of kinds named like a DNS label (namespaces, services' ports...). */
export const nameIsDNSLabel: NameValidator = (name, prefix) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);
/** Name rule of kinds named like an RFC 1035 label (services). */
export const nameIsDNS1035Label: NameValidator = (name, prefix) => isDNS1035Label(prefix ? maskTrailingDash(name) : name);
/** Namespace names are DNS labels. */
export const validateNamespaceName: NameValidator = nameIsDNSLabel;

/** The weakest name rule (what the generic store checks for every kind): safe as a URL path segment. */
export const validatePathSegmentName: NameValidator = (name, prefix) => {
  if (!prefix && (name === '.' || name === '..')) return [`may not be '${name}'`];
  return ['/', '%'].filter((s) => name.includes(s)).map((s) => `may not contain '${s}'`);
};

/** Upstream ValidateLabelName: a label key at `path`. */
export function validateLabelName(key: string, path: string): FieldError[] {
  return isQualifiedName(key).map((msg) => field.invalid(path, key, msg));
}

/** Upstream ValidateLabels: every key a qualified name, every value a label value; errors at `path`. */
export function validateLabels(labels: Record<string, string> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    errs.push(...validateLabelName(k, path));
    errs.push(...isValidLabelValue(v).map((msg) => field.invalid(path, v, msg)));
  }
  return errs;
}

/** Upper bound of all annotation keys and values together (upstream TotalAnnotationSizeLimitB). */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

const tooLong = (path: string, max: number): FieldError => field.tooLong(path, '', max);

/** Upstream ValidateAnnotations: keys are qualified names regardless of case; total size <= 256 KiB. */
export function validateAnnotations(annotations: Record<string, string> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(annotations ?? {})) {
    errs.push(...isQualifiedName(k.toLowerCase()).map((msg) => field.invalid(path, k, msg)));
    size += byteLength(k) + byteLength(v);
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

/** Splits `group/version` as upstream ParseGroupVersion; undefined when malformed. */
export function parseApiVersion(apiVersion: string): { group: string; version: string } | undefined {
  const parts = apiVersion.split('/');
  if (apiVersion === '') return { group: '', version: '' };
  if (parts.length === 1) return { group: '', version: apiVersion };
  if (parts.length === 2) return { group: parts[0] ?? '', version: parts[1] ?? '' };
  return undefined;
}

function validateOwnerReference(ref: OwnerReference, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const gv = parseApiVersion(ref.apiVersion ?? '') ?? { group: '', version: '' };
  const kind = ref.kind ?? '';
  if (!gv.version) errs.push(field.invalid(`${path}.apiVersion`, ref.apiVersion ?? '', 'version must not be empty'));
  if (!kind) errs.push(field.invalid(`${path}.kind`, kind, 'kind must not be empty'));
  if (!ref.name) errs.push(field.invalid(`${path}.name`, ref.name ?? '', 'name must not be empty'));
  if (!ref.uid) errs.push(field.invalid(`${path}.uid`, ref.uid ?? '', 'uid must not be empty'));
  // Events are the one banned owner kind (upstream BannedOwners).
  if (gv.group === '' && gv.version === 'v1' && kind === 'Event') {
    errs.push(field.invalid(path, ref, `${gv.group}/${gv.version}, Kind=${kind} is disallowed from being an owner`));
  }
  return errs;
}

/** Upstream ValidateOwnerReferences: required fields per reference (errors on the list path, as upstream) and one controller. */
export function validateOwnerReferences(refs: readonly OwnerReference[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of refs ?? []) {
    errs.push(...validateOwnerReference(ref, path));
    if (ref.controller !== true) continue;
    const current = `${ref.kind}/${ref.name}`;
    if (!firstController) firstController = current;
    else errs.push(field.invalid(path, refs, `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`));
  }
  return errs;
}

/** Upstream ValidateFinalizers: qualified names; `orphan` and `foregroundDeletion` are mutually exclusive. */
export function validateFinalizers(finalizers: readonly string[] | undefined, path: string): FieldError[] {
  const list = finalizers ?? [];
  const errs = list.flatMap((f) => isQualifiedName(f).map((msg) => field.invalid(path, f, msg)));
  if (list.includes('orphan') && list.includes('foregroundDeletion')) {
    errs.push(field.invalid(path, list, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errs;
}

/** Finalizer names without a domain that built-in kinds accept (upstream IsStandardFinalizerName). */
export const STANDARD_FINALIZERS: readonly string[] = ['kubernetes', 'orphan', 'foregroundDeletion'];

/** The core group's extra rule for built-in kinds: a finalizer without '/' must be a standard one. */
export function validateKubeFinalizerName(name: string, path: string): FieldError[] {
  if (name.includes('/') || STANDARD_FINALIZERS.includes(name)) return [];
  return [field.invalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified')];
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Upstream ValidateFieldManager: at most 128 bytes, printable characters only. */
export function validateFieldManager(manager: string | undefined, path: string): FieldError[] {
  const value = manager ?? '';
  const errs: FieldError[] = [];
  if (byteLength(value) > 128) errs.push(tooLong(path, 128));
  // Printable ASCII is all letters, numbers, punctuation, symbols or space: no character needs the Unicode test.
  if (PRINTABLE_ASCII.test(value)) return errs;
  let offset = 0;
  for (const ch of value) {
    if (ch !== ' ' && !/[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(ch)) {
      const code = (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      errs.push(field.invalid(path, value, `invalid character U+${code} (at position ${offset})`));
    }
    offset += byteLength(ch);
  }
  return errs;
}

/** Upstream ValidateManagedFields: operation, fieldsType, manager and subresource of each entry. */
export function validateManagedFields(entries: readonly ManagedFieldsEntry[] | undefined, path: string): FieldError[] {
  return (entries ?? []).flatMap((entry, i) => {
    const p = `${path}[${i}]`;
    const errs: FieldError[] = [];
    if (entry.operation !== 'Apply' && entry.operation !== 'Update') {
      errs.push(field.invalid(`${p}.operation`, entry.operation ?? '', 'must be `Apply` or `Update`'));
    }
    if (entry.fieldsType && entry.fieldsType !== 'FieldsV1') errs.push(field.invalid(`${p}.fieldsType`, entry.fieldsType, 'must be `FieldsV1`'));
    errs.push(...validateFieldManager(entry.manager, `${p}.manager`));
    if (entry.subresource && byteLength(entry.subresource) > 256) errs.push(tooLong(`${p}.subresource`, 256));
    return errs;
  });
}

/** How a kind's metadata is checked. */
export interface ObjectMetaValidationOptions {
  namespaced: boolean;
  nameValidator: NameValidator;
  /** Built-in kinds also apply the core finalizer-name rule (default true); custom resources do not. */
  kubeFinalizers?: boolean;
}

/** The core group's finalizer check, appended after the generic errors as upstream does. */
function kubeFinalizerErrors(meta: ObjectMeta, path: string, enabled: boolean): FieldError[] {
  if (!enabled) return [];
  return (meta.finalizers ?? []).flatMap((f, i) => validateKubeFinalizerName(f, `${path}.finalizers[${i}]`));
}

/** Upstream ValidateObjectMeta (create): name/generateName, namespace scope, and the common metadata checks. */
export function validateObjectMeta(meta: ObjectMeta, opts: ObjectMetaValidationOptions, path = 'metadata'): FieldError[] {
  const errs: FieldError[] = [];
  if (meta.generateName) {
    errs.push(...opts.nameValidator(meta.generateName, true).map((msg) => field.invalid(`${path}.generateName`, meta.generateName, msg)));
  }
  if (!meta.name) errs.push(field.required(`${path}.name`, 'name or generateName is required'));
  else errs.push(...opts.nameValidator(meta.name, false).map((msg) => field.invalid(`${path}.name`, meta.name, msg)));
  if (opts.namespaced) {
    if (!meta.namespace) errs.push(field.required(`${path}.namespace`));
    else errs.push(...validateNamespaceName(meta.namespace, false).map((msg) => field.invalid(`${path}.namespace`, meta.namespace, msg)));
  } else if (meta.namespace) {
    errs.push(field.forbidden(`${path}.namespace`, 'not allowed on this type'));
  }
  if ((meta.generation ?? 0) < 0) errs.push(field.invalid(`${path}.generation`, meta.generation, 'must be greater than or equal to 0'));
  errs.push(...validateLabels(meta.labels, `${path}.labels`));
  errs.push(...validateAnnotations(meta.annotations, `${path}.annotations`));
  errs.push(...validateOwnerReferences(meta.ownerReferences, `${path}.ownerReferences`));
  errs.push(...validateFinalizers(meta.finalizers, `${path}.finalizers`));
  errs.push(...validateManagedFields(meta.managedFields, `${path}.managedFields`));
  return [...errs, ...kubeFinalizerErrors(meta, path, opts.kubeFinalizers ?? true)];
}

/** Go's %#v of a []string, as upstream prints the new finalizers. */
const goStringSlice = (values: readonly string[]): string => `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;

/** Timestamps compare as instants (upstream semantic equality), absent equals the zero value. */
function sameTime(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return !a === !b;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) ? a === b : ta === tb;
}

function immutableErrors(newMeta: ObjectMeta, oldMeta: ObjectMeta, path: string): FieldError[] {
  const msg = 'field is immutable';
  const errs: FieldError[] = [];
  for (const key of ['name', 'namespace', 'uid'] as const) {
    if ((newMeta[key] ?? '') !== (oldMeta[key] ?? '')) errs.push(field.invalid(`${path}.${key}`, newMeta[key] ?? '', msg));
  }
  if (!sameTime(newMeta.creationTimestamp, oldMeta.creationTimestamp)) {
    errs.push(field.invalid(`${path}.creationTimestamp`, newMeta.creationTimestamp ?? null, msg));
  }
  // Pointers upstream: unset differs from any value, the zero time included.
  const newDel = newMeta.deletionTimestamp;
  const oldDel = oldMeta.deletionTimestamp;
  if ((newDel === undefined) !== (oldDel === undefined) || (newDel !== undefined && !sameTime(newDel, oldDel))) {
    errs.push(field.invalid(`${path}.deletionTimestamp`, newDel ?? null, msg));
  }
  if (newMeta.deletionGracePeriodSeconds !== oldMeta.deletionGracePeriodSeconds) {
    errs.push(field.invalid(`${path}.deletionGracePeriodSeconds`, newMeta.deletionGracePeriodSeconds ?? null, msg));
  }
  return errs;
}

/**
 * Upstream ValidateObjectMetaUpdate. As upstream, it does not re-check names or finalizer formats beyond the
 * core rule; the generic store also runs `validateObjectMeta` with `validatePathSegmentName` on update
 * (upstream validateCommonFields).
 */
export function validateObjectMetaUpdate(newMeta: ObjectMeta, oldMeta: ObjectMeta, path = 'metadata', opts: { kubeFinalizers?: boolean } = {}): FieldError[] {
  const errs: FieldError[] = [];
  if (oldMeta.deletionTimestamp !== undefined) {
    const old = new Set(oldMeta.finalizers ?? []);
    const extra = [...new Set((newMeta.finalizers ?? []).filter((f) => !old.has(f)))].sort();
    if (extra.length > 0) {
      errs.push(field.forbidden(`${path}.finalizers`, `no new finalizers can be added if the object is being deleted, found new finalizers ${goStringSlice(extra)}`));
    }
  }
  if (!newMeta.resourceVersion) errs.push(field.invalid(`${path}.resourceVersion`, newMeta.resourceVersion ?? '', 'must be specified for an update'));
  if ((newMeta.generation ?? 0) < (oldMeta.generation ?? 0)) errs.push(field.invalid(`${path}.generation`, newMeta.generation ?? 0, 'must not be decremented'));
  errs.push(...immutableErrors(newMeta, oldMeta, path));
  errs.push(...validateLabels(newMeta.labels, `${path}.labels`));
  errs.push(...validateAnnotations(newMeta.annotations, `${path}.annotations`));
  errs.push(...validateOwnerReferences(newMeta.ownerReferences, `${path}.ownerReferences`));
  errs.push(...validateManagedFields(newMeta.managedFields, `${path}.managedFields`));
  return [...errs, ...kubeFinalizerErrors(newMeta, path, opts.kubeFinalizers ?? true)];
}
