// Small rules several pod validators share: name formats bound to a field path, port numbers and
// names (IANA_SVC_NAME), IP addresses as Go's ParseIP accepts them, label selectors, and the
// options upstream's PodValidationOptions carry. Messages are upstream 1.25's word for word.
import { isIPv6 } from 'node:net';
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../../../meta/v1/validation.js';
import type { ValidationContext } from '../../../../../registry/resource-definition.js';

/** What upstream decides outside the object (flags) or from the old object on update. */
export interface PodValidationOptions {
  /** kube-apiserver `--allow-privileged` (ValidationContext); undefined: allowed. */
  allowPrivileged?: boolean;
  /** Update of a pod whose old spec already had hugepages values that are not a multiple of the page size. */
  allowIndivisibleHugePagesValues?: boolean;
  /** Update of a pod whose old pod-deletion-cost annotation was already invalid. */
  allowInvalidPodDeletionCost?: boolean;
}

/** The options the server's flags decide (upstream capabilities.Get()), for a strategy given its context. */
export const podValidationOptions = (context: ValidationContext | undefined): PodValidationOptions =>
  context === undefined ? {} : { allowPrivileged: context.allowPrivileged };

/** Upstream InclusiveRangeError. */
export const inclusiveRangeError = (lo: number, hi: number): string => `must be between ${lo} and ${hi}, inclusive`;

export const MAX_INT32 = 2147483647;

/** ValidateDNS1123Label bound to a path. */
export const dnsLabelErrors = (value: string, path: string): FieldError[] => isDNS1123Label(value).map((m) => field.invalid(path, value, m));
/** ValidateDNS1123Subdomain bound to a path. */
export const dnsSubdomainErrors = (value: string, path: string): FieldError[] => isDNS1123Subdomain(value).map((m) => field.invalid(path, value, m));
/** ValidateQualifiedName bound to a path. */
export const qualifiedNameErrors = (value: string, path: string): FieldError[] => isQualifiedName(value).map((m) => field.invalid(path, value, m));

/** Upstream IsValidPortNum. */
export function portNumErrors(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

const PORT_NAME_CHARSET = /^[-a-z0-9]+$/;
const PORT_NAME_LETTER = /[a-z]/;

/** Upstream IsValidPortName (IANA_SVC_NAME): at most 15 characters, a-z 0-9 and single inner hyphens. */
export function portNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!PORT_NAME_CHARSET.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!PORT_NAME_LETTER.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** Upstream ValidatePortNumOrName for an IntOrString port. */
export function validatePortNumOrName(port: number | string | undefined, path: string): FieldError[] {
  if (typeof port === 'string') return portNameErrors(port).map((m) => field.invalid(path, port, m));
  const value = port ?? 0;
  return portNumErrors(value).map((m) => field.invalid(path, value, m));
}

const IPV4_SLOPPY = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Go's net.ParseIP as netutils.ParseIPSloppy calls it: dotted quads may have leading zeros; no zones. */
export function isIPSloppy(value: string): boolean {
  const quad = IPV4_SLOPPY.exec(value);
  if (quad) return quad.slice(1).every((octet) => Number(octet) <= 255);
  return !value.includes('%') && isIPv6(value);
}

/** The IP family of a valid address. */
export const ipFamily = (value: string): 4 | 6 => (IPV4_SLOPPY.test(value) ? 4 : 6);

/**
 * Upstream 1.25 ValidateLabelSelector, shared with every kind that carries a selector. 1.25 does not check
 * the values of match expressions (upstream added that in 1.26, kubernetes#113699).
 */
export { validateLabelSelector } from '../../../../../registry/selectors/label-selector-object.js';

/** Go's zero value for an unset number: validation reads defaulted objects as upstream's internal types. */
export const num = (value: number | undefined): number => value ?? 0;

const isEmptyContainer = (v: unknown): boolean =>
  v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

/**
 * Upstream apiequality.Semantic.DeepEqual over decoded objects: key order does not matter, and an
 * absent list or map equals an empty one (its forked reflect treats nil and empty alike).
 */
export function semanticEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmptyContainer(a) && isEmptyContainer(b)) return typeof a !== 'number' && typeof b !== 'number';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => semanticEqual(x, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const k of keys) if (!semanticEqual(left[k], right[k])) return false;
  return true;
}
