// Secret validation as upstream ValidateSecret / ValidateSecretUpdate (pkg/apis/core/validation):
// config-key names, the 1 MiB total, the per-type required keys, and immutability on update.
import { invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { isConfigMapKey, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import type { Secret } from './secret.js';
import { MAX_SECRET_SIZE, dataTooLong, decodedLength, entriesOf } from './data-maps.js';
import { goJsonObjectError } from './go-json.js';
import { validateImmutableData } from './immutable.js';

/** Built-in secret types and the keys they require (upstream core constants). */
export const SecretType = {
  Opaque: 'Opaque',
  ServiceAccountToken: 'kubernetes.io/service-account-token',
  Dockercfg: 'kubernetes.io/dockercfg',
  DockerConfigJson: 'kubernetes.io/dockerconfigjson',
  BasicAuth: 'kubernetes.io/basic-auth',
  SshAuth: 'kubernetes.io/ssh-auth',
  Tls: 'kubernetes.io/tls',
  BootstrapToken: 'bootstrap.kubernetes.io/token',
} as const;

/** Annotation a service-account-token secret must carry. */
export const SERVICE_ACCOUNT_NAME_ANNOTATION = 'kubernetes.io/service-account.name';

const REDACTED = '<secret contents redacted>';

/** A docker config key must exist and hold a JSON object. */
function validateDockerConfig(data: Record<string, string>, key: string): FieldError[] {
  const value = data[key];
  if (value === undefined) return [required(`data[${key}]`)];
  const error = goJsonObjectError(Buffer.from(value, 'base64'));
  return error ? [invalid(`data[${key}]`, REDACTED, error)] : [];
}

/** The rules of one secret type; types without rules (Opaque, bootstrap tokens, custom) have none. */
function validateSecretType(secret: Secret): FieldError[] {
  const data = secret.data ?? {};
  const has = (key: string): boolean => Object.hasOwn(data, key);
  switch (secret.type) {
    case SecretType.ServiceAccountToken: {
      // Only the name is required: uid and token are added later by the token controller.
      const name = secret.metadata.annotations?.[SERVICE_ACCOUNT_NAME_ANNOTATION] ?? '';
      return name ? [] : [required(`metadata.annotations[${SERVICE_ACCOUNT_NAME_ANNOTATION}]`)];
    }
    case SecretType.Dockercfg:
      return validateDockerConfig(data, '.dockercfg');
    case SecretType.DockerConfigJson:
      return validateDockerConfig(data, '.dockerconfigjson');
    case SecretType.BasicAuth:
      // Either key may be empty, but one of them must be present.
      return has('username') || has('password') ? [] : [required('data[username]'), required('data[password]')];
    case SecretType.SshAuth:
      return decodedLength(data['ssh-privatekey'] ?? '') > 0 ? [] : [required('data[ssh-privatekey]')];
    case SecretType.Tls:
      return [...(has('tls.crt') ? [] : [required('data[tls.crt]')]), ...(has('tls.key') ? [] : [required('data[tls.key]')])];
    default:
      return [];
  }
}

/** upstream ValidateSecret: metadata (names are DNS subdomains), keys, total size, type rules. */
export function validateSecret(secret: Secret): FieldError[] {
  const errors = validateObjectMeta(secret.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  let totalSize = 0;
  for (const [key, value] of entriesOf(secret.data)) {
    for (const message of isConfigMapKey(key)) errors.push(invalid(`data[${key}]`, key, message));
    totalSize += decodedLength(value);
  }
  if (totalSize > MAX_SECRET_SIZE) errors.push(dataTooLong('data'));
  return [...errors, ...validateSecretType(secret)];
}

/** upstream ValidateSecretUpdate: metadata update rules, immutable `type`, the `immutable` rule, the create rules. */
export function validateSecretUpdate(secret: Secret, old: Secret): FieldError[] {
  const errors = validateObjectMetaUpdate(secret.metadata, old.metadata);
  if ((secret.type ?? '') !== (old.type ?? '')) errors.push(invalid('type', secret.type ?? '', 'field is immutable'));
  errors.push(...validateImmutableData(secret, old, ['data']));
  return [...errors, ...validateSecret(secret)];
}
