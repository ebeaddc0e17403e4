import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { defaultSecret, secretDefinition, type Secret } from './secret.js';
import { validateSecret, validateSecretUpdate } from './secret-validation.js';

const meta = { name: 'creds', namespace: 'default', resourceVersion: '3' };
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const secret = (fields: Partial<Secret> = {}): Secret => ({ metadata: { ...meta }, type: 'Opaque', ...fields });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);

test('defaultSecret: type Opaque and stringData folded into data (overriding), then dropped', () => {
  const s: Secret = { metadata: { ...meta }, data: { a: b64('old'), b: b64('keep') }, stringData: { a: 'new', c: 'ünïcode' } };
  defaultSecret(s);
  assert.deepEqual(s, { metadata: meta, type: 'Opaque', data: { a: b64('new'), b: b64('keep'), c: b64('ünïcode') } });
  const typed: Secret = { metadata: { ...meta }, type: 'kubernetes.io/tls', stringData: {} };
  defaultSecret(typed);
  assert.deepEqual(typed, { metadata: meta, type: 'kubernetes.io/tls' });
  const onlyString: Secret = { metadata: { ...meta }, stringData: { k: 'v' } };
  defaultSecret(onlyString);
  assert.deepEqual(onlyString.data, { k: b64('v') });
});

test('validateSecret: type rules with upstream messages', () => {
  const redacted = 'Invalid value: "<secret contents redacted>"';
  const cases: [string, Secret, string[]][] = [
    ['opaque, empty', secret(), []],
    ['custom type has no rules', secret({ type: 'example.com/custom' }), []],
    ['bootstrap token has no rules here', secret({ type: 'bootstrap.kubernetes.io/token' }), []],
    ['bad key', secret({ data: { 'a/b': b64('x') } }), [`data[a/b]: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`]],
    ['too large', secret({ data: { a: Buffer.alloc(1024 * 1024 + 1).toString('base64') } }), ['data: Too long: must have at most 1048576 bytes']],
    [
      'service account token without the name annotation',
      secret({ type: 'kubernetes.io/service-account-token' }),
      ['metadata.annotations[kubernetes.io/service-account.name]: Required value'],
    ],
    [
      'service account token with the annotation',
      secret({ type: 'kubernetes.io/service-account-token', metadata: { ...meta, annotations: { 'kubernetes.io/service-account.name': 'default' } } }),
      [],
    ],
    ['dockercfg missing', secret({ type: 'kubernetes.io/dockercfg' }), ['data[.dockercfg]: Required value']],
    ['dockercfg not JSON', secret({ type: 'kubernetes.io/dockercfg', data: { '.dockercfg': b64('{nope') } }), [`data[.dockercfg]: ${redacted}: invalid character 'n' looking for beginning of object key string`]],
    ['dockercfg ok', secret({ type: 'kubernetes.io/dockercfg', data: { '.dockercfg': b64('{"r":{}}') } }), []],
    ['dockerconfigjson missing', secret({ type: 'kubernetes.io/dockerconfigjson' }), ['data[.dockerconfigjson]: Required value']],
    [
      'dockerconfigjson an array',
      secret({ type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': b64('[]') } }),
      [`data[.dockerconfigjson]: ${redacted}: json: cannot unmarshal array into Go value of type map[string]interface {}`],
    ],
    ['basic-auth neither key', secret({ type: 'kubernetes.io/basic-auth' }), ['data[username]: Required value', 'data[password]: Required value']],
    ['basic-auth empty username is enough', secret({ type: 'kubernetes.io/basic-auth', data: { username: '' } }), []],
    ['ssh-auth empty key', secret({ type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': '' } }), ['data[ssh-privatekey]: Required value']],
    ['ssh-auth ok', secret({ type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': b64('k') } }), []],
    ['tls missing both', secret({ type: 'kubernetes.io/tls' }), ['data[tls.crt]: Required value', 'data[tls.key]: Required value']],
    ['tls empty values are present', secret({ type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' } }), []],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateSecret(obj)), want, name);
});

test('validateSecret checks metadata (DNS-subdomain names)', () => {
  const errors = messages(validateSecret({ metadata: { namespace: 'default' }, type: 'Opaque' }));
  assert.deepEqual(errors, ['metadata.name: Required value: name or generateName is required']);
});

test('validateSecretUpdate: immutable type, immutable data', () => {
  const immutableMsg = 'Forbidden: field is immutable when `immutable` is set';
  const cases: [string, Secret, Secret, string[]][] = [
    ['type change', secret(), secret({ type: 'kubernetes.io/basic-auth', data: { username: '' } }), ['type: Invalid value: "kubernetes.io/basic-auth": field is immutable']],
    ['immutable data change', secret({ immutable: true, data: { a: b64('1') } }), secret({ immutable: true, data: { a: b64('2') } }), [`data: ${immutableMsg}`]],
    ['immutable unset', secret({ immutable: true }), secret(), [`immutable: ${immutableMsg}`]],
    ['metadata change of an immutable secret', secret({ immutable: true, data: { a: b64('1') } }), secret({ immutable: true, data: { a: b64('1') }, metadata: { ...meta, annotations: { n: 'v' } } }), []],
    ['mutable secret may become immutable', secret({ data: { a: b64('1') } }), secret({ immutable: true }), []],
  ];
  for (const [name, before, after, want] of cases) assert.deepEqual(messages(validateSecretUpdate(after, before)), want, name);
});

test('Secret definition: identity, defaults, table and the type field selector', () => {
  const def = secretDefinition;
  assert.deepEqual([def.group, def.version, def.kind, def.listKind, def.resource, def.singular], ['', 'v1', 'Secret', 'SecretList', 'secrets', 'secret']);
  assert.equal(def.shortNames, undefined);
  assert.equal(def.verbs.length, 8);
  assert.equal(def.defaults, defaultSecret);
  const columns = def.tableColumns ?? [];
  assert.deepEqual(columns.map((c) => c.definition.name), ['Name', 'Type', 'Data', 'Age']);
  const obj = secret({ type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' }, metadata: { ...meta, creationTimestamp: '2024-01-01T00:00:00Z' } });
  assert.deepEqual(columns.map((c) => c.cell(obj, new Date('2024-01-03T01:00:00Z'))), ['creds', 'kubernetes.io/tls', 2, '2d1h']);
  assert.deepEqual(Object.keys(def.fieldSelectors ?? {}), ['type']);
  assert.equal(def.fieldSelectors?.type?.(obj), 'kubernetes.io/tls');
});
