// Downward API selectors and the downwardAPI volume (upstream validateDownwardAPIVolumeFile,
// validateObjectFieldSelector, validateContainerResourceFieldSelector, validateContainerResourceDivisor,
// and pods.ConvertDownwardAPIFieldLabel). The selectors are exported for env `valueFrom` as well.
import { invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { isQualifiedName } from '../../../meta/v1/validation.js';
import { compareQuantityValues, quantityValue, type QuantityValue } from '../../../../schema/quantity-value.js';
import type { DownwardAPIVolumeFile, DownwardAPIVolumeSource, ObjectFieldSelector, ResourceFieldSelector } from '../schemas.generated.js';
import { validateFileMode, validateLocalNonReservedPath } from './paths.js';

/** Pod fields a downwardAPI volume file may name (upstream validVolumeDownwardAPIFieldPathExpressions). */
export const VOLUME_FIELD_PATHS: readonly string[] = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

/** Container resources a resourceFieldRef may name (upstream validContainerResourceFieldPathExpressions). */
export const RESOURCE_FIELD_PATHS: readonly string[] = [
  'limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory',
];

/** Prefixes of hugepages resources (DownwardAPIHugePages is on by default in 1.25). */
const HUGEPAGES_PREFIXES: readonly string[] = ['limits.hugepages-', 'requests.hugepages-'];

/** Labels the v1 pod conversion accepts (spec.host is the legacy spelling of spec.nodeName). */
const POD_FIELD_LABELS = new Set([
  'metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName',
  'spec.restartPolicy', 'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.podIP', 'status.podIPs',
]);

/** Upstream fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['key']` -> path and subscript. */
export function splitSubscriptedPath(fieldPath: string): { path: string; subscript?: string } {
  if (!fieldPath.endsWith("']")) return { path: fieldPath };
  const body = fieldPath.slice(0, -2);
  const at = body.indexOf("['");
  if (at <= 0) return { path: fieldPath };
  return { path: body.slice(0, at), subscript: body.slice(at + 2) };
}

/** Upstream ConvertDownwardAPIFieldLabel for pods: the internal field path, or the conversion error. */
function convertPodFieldLabel(apiVersion: string, label: string): { path: string } | { error: string } {
  if (apiVersion !== 'v1') return { error: `unsupported pod version: ${apiVersion}` };
  const { path, subscript } = splitSubscriptedPath(label);
  if (subscript !== undefined) {
    return path === 'metadata.annotations' || path === 'metadata.labels' ? { path: label } : { error: `field label does not support subscript: ${label}` };
  }
  if (label === 'spec.host') return { path: 'spec.nodeName' };
  return POD_FIELD_LABELS.has(label) ? { path: label } : { error: `field label not supported: ${label}` };
}

/** Upstream validateObjectFieldSelector: `fieldRef` naming one of `allowed` (or a subscripted label/annotation). */
export function validateObjectFieldSelector(selector: ObjectFieldSelector, allowed: readonly string[], path: string): FieldError[] {
  if (!selector.apiVersion) return [required(`${path}.apiVersion`)];
  if (!selector.fieldPath) return [required(`${path}.fieldPath`)];
  const converted = convertPodFieldLabel(selector.apiVersion, selector.fieldPath);
  if ('error' in converted) return [invalid(`${path}.fieldPath`, selector.fieldPath, `error converting fieldPath: ${converted.error}`)];
  const { path: field, subscript } = splitSubscriptedPath(converted.path);
  if (subscript !== undefined) {
    if (field === 'metadata.annotations') return isQualifiedName(subscript.toLowerCase()).map((m) => invalid(path, subscript.toLowerCase(), m));
    if (field === 'metadata.labels') return isQualifiedName(subscript).map((m) => invalid(path, subscript, m));
    return [invalid(path, field, 'does not support subscript')];
  }
  return allowed.includes(field) ? [] : [notSupported(`${path}.fieldPath`, field, [...allowed].sort())];
}

const DIVISORS_CPU = ['1m', '1'];
const DIVISORS_BYTES = ['1', '1k', '1M', '1G', '1T', '1P', '1E', '1Ki', '1Mi', '1Gi', '1Ti', '1Pi', '1Ei'];
const BYTES_LIST = '1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei';

/**
 * Whether the divisor's canonical form (upstream Quantity.String) is one of `allowed`: the same value,
 * written with a suffix of the same family (a binary divisor below 1024 prints as a decimal one).
 */
function divisorAllowed(divisor: QuantityValue, allowed: readonly string[]): boolean {
  return allowed.some((text) => {
    const entry = quantityValue(text) as QuantityValue;
    if (compareQuantityValues(entry, divisor) !== 0) return false;
    return text === '1' || entry.binary === divisor.binary || (divisor.binary && !entry.binary && divisor.num < 1024n * divisor.den);
  });
}

/** The divisor rules per resource (upstream validateContainerResourceDivisor); `0` or unset means none. */
function validateDivisor(resource: string, divisorText: string | undefined, path: string): FieldError[] {
  const divisor = divisorText === undefined ? undefined : quantityValue(divisorText);
  if (!divisor || divisor.num === 0n) return [];
  const at = `${path}.divisor`;
  const bytes = (what: string): string => `only divisor's values ${BYTES_LIST} are supported with the ${what} resource`;
  const errors: FieldError[] = [];
  if ((resource === 'limits.cpu' || resource === 'requests.cpu') && !divisorAllowed(divisor, DIVISORS_CPU)) {
    errors.push(invalid(at, resource, "only divisor's values 1m and 1 are supported with the cpu resource"));
  }
  if ((resource === 'limits.memory' || resource === 'requests.memory') && !divisorAllowed(divisor, DIVISORS_BYTES)) {
    errors.push(invalid(at, resource, bytes('memory')));
  }
  if ((resource === 'limits.ephemeral-storage' || resource === 'requests.ephemeral-storage') && !divisorAllowed(divisor, DIVISORS_BYTES)) {
    errors.push(invalid(at, resource, bytes('local ephemeral storage')));
  }
  if (HUGEPAGES_PREFIXES.some((p) => resource.startsWith(p)) && !divisorAllowed(divisor, DIVISORS_BYTES)) {
    errors.push(invalid(at, resource, bytes('hugepages')));
  }
  return errors;
}

/** Upstream validateContainerResourceFieldSelector; `volume` makes `containerName` required. */
export function validateResourceFieldSelector(selector: ResourceFieldSelector, path: string, volume: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const resource = selector.resource ?? '';
  if (volume && !selector.containerName) errors.push(required(`${path}.containerName`));
  else if (!resource) errors.push(required(`${path}.resource`));
  else if (!RESOURCE_FIELD_PATHS.includes(resource) && !HUGEPAGES_PREFIXES.some((p) => resource.startsWith(p))) {
    errors.push(notSupported(`${path}.resource`, resource, RESOURCE_FIELD_PATHS));
  }
  errors.push(...validateDivisor(resource, selector.divisor, path));
  return errors;
}

/**
 * One file of a downwardAPI volume or projection. As upstream, errors sit under `path` (the
 * downwardAPI block), not under the item's index.
 */
export function validateDownwardAPIVolumeFile(file: DownwardAPIVolumeFile, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!file.path) errors.push(required(`${path}.path`));
  errors.push(...validateLocalNonReservedPath(file.path ?? '', `${path}.path`));
  if (file.fieldRef) {
    errors.push(...validateObjectFieldSelector(file.fieldRef, VOLUME_FIELD_PATHS, `${path}.fieldRef`));
    if (file.resourceFieldRef) errors.push(invalid(path, 'resource', 'fieldRef and resourceFieldRef can not be specified simultaneously'));
  } else if (file.resourceFieldRef) {
    errors.push(...validateResourceFieldSelector(file.resourceFieldRef, `${path}.resourceFieldRef`, true));
  } else {
    errors.push(required(path, 'one of fieldRef and resourceFieldRef is required'));
  }
  errors.push(...validateFileMode(file.mode, `${path}.mode`));
  return errors;
}

/** The downwardAPI volume source: default mode and every file. */
export function validateDownwardAPIVolumeSource(source: DownwardAPIVolumeSource, path: string): FieldError[] {
  return [
    ...validateFileMode(source.defaultMode, `${path}.defaultMode`),
    ...(source.items ?? []).flatMap((file) => validateDownwardAPIVolumeFile(file, path)),
  ];
}
