// Container environment (upstream 1.25 ValidateEnv, validateEnvVarValueFrom, ValidateEnvFrom and the
// key selectors). Variable names follow IsEnvVarName: "[-._a-zA-Z][-._a-zA-Z0-9]*", not '.', '..' or '..*'.
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { isConfigMapKey, nameIsDNSSubdomain } from '../../../../meta/v1/validation.js';
import type { EnvFromSource, EnvVar } from '../../schemas.generated.js';
import { validateObjectFieldSelector, validateResourceFieldSelector } from '../../volumes/index.js';

const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*';
const ENV_VAR_NAME_RE = new RegExp(`^${ENV_VAR_NAME_FMT}$`);
const ENV_VAR_NAME_MSG =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";

/** Pod fields an env var may take from the downward API (upstream validEnvDownwardAPIFieldPathExpressions). */
const ENV_FIELD_PATHS: readonly string[] = [
  'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.podIP', 'status.podIPs',
];

/** Upstream IsEnvVarName. */
export function envVarNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (!ENV_VAR_NAME_RE.test(name)) {
    errs.push(`${ENV_VAR_NAME_MSG} (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '${ENV_VAR_NAME_FMT}')`);
  }
  if (name === '.') errs.push("must not be '.'");
  else if (name === '..') errs.push("must not be '..'");
  else if (name.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** ConfigMapKeySelector and SecretKeySelector: a subdomain name (even empty) and a config key. */
function validateKeySelector(selector: { name?: string; key: string }, path: string): FieldError[] {
  const name = selector.name ?? '';
  const errs = nameIsDNSSubdomain(name, false).map((m) => field.invalid(`${path}.name`, name, m));
  if (!selector.key) errs.push(field.required(`${path}.key`));
  else errs.push(...isConfigMapKey(selector.key).map((m) => field.invalid(`${path}.key`, selector.key, m)));
  return errs;
}

/** Upstream validateEnvVarValueFrom: exactly one source, and no `value` beside it. */
function validateValueFrom(env: EnvVar, path: string): FieldError[] {
  const from = env.valueFrom;
  if (!from) return [];
  const errs: FieldError[] = [];
  let sources = 0;
  if (from.fieldRef) {
    sources++;
    errs.push(...validateObjectFieldSelector(from.fieldRef, ENV_FIELD_PATHS, `${path}.fieldRef`));
  }
  if (from.resourceFieldRef) {
    sources++;
    errs.push(...validateResourceFieldSelector(from.resourceFieldRef, `${path}.resourceFieldRef`, false));
  }
  if (from.configMapKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.configMapKeyRef, `${path}.configMapKeyRef`));
  }
  if (from.secretKeyRef) {
    sources++;
    errs.push(...validateKeySelector(from.secretKeyRef, `${path}.secretKeyRef`));
  }
  if (sources === 0) errs.push(field.invalid(path, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  else if (env.value) errs.push(field.invalid(path, '', 'may not be specified when `value` is not empty'));
  else if (sources > 1) errs.push(field.invalid(path, '', 'may not have more than one field specified at a time'));
  return errs;
}

/** Upstream ValidateEnv. */
export function validateEnv(vars: readonly EnvVar[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (vars ?? []).forEach((env, i) => {
    const at = `${path}[${i}]`;
    if (!env.name) errs.push(field.required(`${at}.name`));
    else errs.push(...envVarNameErrors(env.name).map((m) => field.invalid(`${at}.name`, env.name, m)));
    errs.push(...validateValueFrom(env, `${at}.valueFrom`));
  });
  return errs;
}

/** configMapRef / secretRef of envFrom: a name, checked as a generateName prefix (as upstream does). */
function validateEnvSourceName(name: string | undefined, path: string): FieldError[] {
  if (!name) return [field.required(`${path}.name`)];
  return nameIsDNSSubdomain(name, true).map((m) => field.invalid(`${path}.name`, name, m));
}

/** Upstream ValidateEnvFrom: prefix an env var name, exactly one source (errors of the count on the list path). */
export function validateEnvFrom(sources: readonly EnvFromSource[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (sources ?? []).forEach((source, i) => {
    const at = `${path}[${i}]`;
    if (source.prefix) errs.push(...envVarNameErrors(source.prefix).map((m) => field.invalid(`${at}.prefix`, source.prefix, m)));
    let count = 0;
    if (source.configMapRef) {
      count++;
      errs.push(...validateEnvSourceName(source.configMapRef.name, `${at}.configMapRef`));
    }
    if (source.secretRef) {
      count++;
      errs.push(...validateEnvSourceName(source.secretRef.name, `${at}.secretRef`));
    }
    if (count === 0) errs.push(field.invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (count > 1) errs.push(field.invalid(path, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}
