import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import type { ObjectMeta } from './types.js';
import {
  isConfigMapKey,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  validateObjectMeta,
  validateObjectMetaUpdate,
  validatePathSegmentName,
} from './validation.js';

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const NAME_PART_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const CONFIG_KEY_MSG =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

function table(name: string, check: (v: string) => string[], good: string[], bad: string[]): void {
  describe(name, () => {
    for (const v of good) it(`accepts ${JSON.stringify(v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v)}`, () => assert.deepEqual(check(v), []));
    for (const v of bad) it(`rejects ${JSON.stringify(v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v)}`, () => assert.notDeepEqual(check(v), []));
  });
}

// Value tables from upstream util/validation validation_test.go.
table(
  'isDNS1123Subdomain',
  isDNS1123Subdomain,
  ['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a.a', 'ab.a', 'a-1.a', '0.a', '01.a', 'a.1', 'a.b.c.d.e', 'aa.bb.cc.dd.ee', '1.2.3.4.5', '11.22.33.44.55', 'a'.repeat(253)],
  ['', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '-', 'a-', '-a', '1-', '-1', '_', 'a_', '_a', 'a_b', '.', 'a.', '.a', 'a..b', ' ', 'a b', 'A.a', 'aB.a', 'ab.A', 'a@b', 'a,b', 'a;b', 'a:b', 'a%b', 'a?b', 'a$b', 'a'.repeat(254)],
);
table(
  'isDNS1123Label',
  isDNS1123Label,
  ['a', 'ab', 'abc', 'a1', 'a-1', 'a--1--2--b', '0', '01', '012', '1a', '1-a', '1--a--b--2', 'a'.repeat(63)],
  ['', 'A', 'ABC', 'aBc', 'A1', 'A-1', '1-A', '-', 'a-', '-a', '1-', '-1', '_', 'a_', '_a', 'a_b', 'a.b', '.', 'a.', '.a', ' ', 'a b', 'a@b', 'a'.repeat(64)],
);
table('isDNS1035Label', isDNS1035Label, ['a', 'ab', 'a1', 'a-1', 'a--1--2--b', 'a'.repeat(63)], ['', '0', '01', '1a', 'A', 'a-', '-a', 'a.b', 'a_b', 'a'.repeat(64)]);
table(
  'isQualifiedName',
  isQualifiedName,
  ['simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple', 'now.with.dots/simple', 'now-with.dashes-and.dots/simple', '1-num.2-num/3-num', '1234/5678', '1.2.3.4/5678', 'Uppercase_Is_OK_123', 'example.com/Uppercase_Is_OK_123', 'requests.storage-foo', 'a'.repeat(63), `${'a'.repeat(253)}/${'b'.repeat(63)}`],
  ['nospecialchars%^=@', 'cantendwithadash-', '-cantstartwithadash-', 'only/one/slash', 'Example.com/abc', 'example_com/abc', 'example.com/', '/simple', 'a'.repeat(64), `${'a'.repeat(254)}/abc`],
);
table(
  'isValidLabelValue',
  isValidLabelValue,
  ['simple', 'now-with-dashes', '1-starts-with-num', 'end-with-num-1', '1234', 'a'.repeat(63), ''],
  ['nospecialchars%^=@', 'Tama-nui-te-rā.is.Māori.sun', '\\backslashes\\are\\bad', '-starts-with-dash', 'ends-with-dash-', '.starts.with.dot', 'ends.with.dot.', 'a'.repeat(64)],
);
table('isConfigMapKey', isConfigMapKey, ['a', 'ab', 'abc', 'a1', 'a-1', 'A', 'AB', 'a.b', 'a..b', '_a', 'a_', '-a', '.a', '.dotfile', 'a'.repeat(253)], ['', '.', '..', '..a', 'a/b', 'a b', 'a:b', 'a'.repeat(254)]);

describe('name validator messages (exact upstream text)', () => {
  it('DNS subdomain', () => {
    assert.deepEqual(isDNS1123Subdomain('A_b'), [SUBDOMAIN_MSG]);
    assert.deepEqual(isDNS1123Subdomain('a'.repeat(254)), ['must be no more than 253 characters']);
  });
  it('DNS label', () => {
    assert.deepEqual(isDNS1123Label('a.b'), [LABEL_MSG]);
    assert.deepEqual(isDNS1123Label(`${'a'.repeat(63)}-`), ['must be no more than 63 characters', LABEL_MSG]);
  });
  it('qualified name', () => {
    assert.deepEqual(isQualifiedName('a b'), [NAME_PART_MSG]);
    assert.deepEqual(isQualifiedName('/a'), ['prefix part must be non-empty']);
    assert.deepEqual(isQualifiedName('a/'), ['name part must be non-empty', NAME_PART_MSG]);
    assert.deepEqual(isQualifiedName('Ex.com/a'), [`prefix part ${SUBDOMAIN_MSG}`]);
    assert.deepEqual(isQualifiedName('a'.repeat(64)), ['name part must be no more than 63 characters']);
    assert.deepEqual(isQualifiedName('a/b/c'), [`a qualified name ${NAME_PART_MSG.slice('name part '.length)} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`]);
    assert.deepEqual(isQualifiedName('//'), isQualifiedName('a/b/c'));
    assert.deepEqual(isQualifiedName('/'), ['prefix part must be non-empty', 'name part must be non-empty', NAME_PART_MSG]);
    assert.deepEqual(isQualifiedName('ex.com/Ab_c.d'), []);
  });
  it('lengths are counted in UTF-8 bytes', () => {
    // 21 three-byte characters: 63 bytes; 22: 66 bytes in 22 characters; 32 two-byte: 64 bytes.
    assert.deepEqual(isDNS1123Label('€'.repeat(21)), [LABEL_MSG]);
    assert.deepEqual(isDNS1123Label('€'.repeat(22)), ['must be no more than 63 characters', LABEL_MSG]);
    assert.deepEqual(isValidLabelValue('é'.repeat(32)), ['must be no more than 63 characters', LABEL_VALUE_MSG]);
    assert.deepEqual(isValidLabelValue('😀'.repeat(15)), [LABEL_VALUE_MSG]);
    assert.deepEqual(isValidLabelValue('😀'.repeat(16)), ['must be no more than 63 characters', LABEL_VALUE_MSG]);
    assert.deepEqual(isQualifiedName('é'.repeat(32)), ['name part must be no more than 63 characters', NAME_PART_MSG]);
    assert.deepEqual(isDNS1123Subdomain('€'.repeat(85)), ['must be no more than 253 characters', SUBDOMAIN_MSG]);
  });
  it('label value', () => {
    assert.deepEqual(isValidLabelValue('-a'), [LABEL_VALUE_MSG]);
    assert.deepEqual(isValidLabelValue('a'.repeat(64)), ['must be no more than 63 characters']);
  });
  it('config map key', () => {
    assert.deepEqual(isConfigMapKey('a/b'), [CONFIG_KEY_MSG]);
    assert.deepEqual(isConfigMapKey('.'), ["must not be '.'"]);
    assert.deepEqual(isConfigMapKey('..'), ["must not be '..'"]);
    assert.deepEqual(isConfigMapKey('..a'), ["must not start with '..'"]);
    assert.deepEqual(isConfigMapKey(''), [CONFIG_KEY_MSG]);
  });
  it('path segment names', () => {
    assert.deepEqual(validatePathSegmentName('.', false), ["may not be '.'"]);
    assert.deepEqual(validatePathSegmentName('..', false), ["may not be '..'"]);
    assert.deepEqual(validatePathSegmentName('..', true), []);
    assert.deepEqual(validatePathSegmentName('a/b%c', false), ["may not contain '/'", "may not contain '%'"]);
    assert.deepEqual(validatePathSegmentName('ok name', false), []);
  });
  it('generateName prefixes may end in a dash (maskTrailingDash)', () => {
    assert.deepEqual(nameIsDNSSubdomain('web-', true), []);
    assert.deepEqual(nameIsDNSLabel('a-', true), []);
    assert.notDeepEqual(nameIsDNSSubdomain('web-', false), []);
    assert.notDeepEqual(nameIsDNSSubdomain('-', true), []);
    assert.notDeepEqual(nameIsDNSSubdomain('Web-', true), []);
  });
});

const namespaced = { namespaced: true, nameValidator: nameIsDNSSubdomain };
const clusterScoped = { namespaced: false, nameValidator: nameIsDNSSubdomain };
const messages = (meta: ObjectMeta, opts = namespaced): string[] => validateObjectMeta(meta, opts).map(fieldErrorMessage);

describe('validateObjectMeta (upstream ValidateObjectMeta + core finalizer rule)', () => {
  const cases: [string, ObjectMeta, typeof namespaced, string[]][] = [
    ['a valid namespaced object', { name: 'web', namespace: 'default', labels: { app: 'web', 'example.com/tier': '' } }, namespaced, []],
    ['a missing name', { namespace: 'default' }, namespaced, ['metadata.name: Required value: name or generateName is required']],
    [
      'generateName alone (the store generates the name first)',
      { generateName: 'web-', namespace: 'default' },
      namespaced,
      ['metadata.name: Required value: name or generateName is required'],
    ],
    [
      'a bad generateName and name',
      { generateName: 'Web-', name: 'Web-x', namespace: 'default' },
      namespaced,
      [`metadata.generateName: Invalid value: "Web-": ${SUBDOMAIN_MSG}`, `metadata.name: Invalid value: "Web-x": ${SUBDOMAIN_MSG}`],
    ],
    ['a missing namespace', { name: 'web' }, namespaced, ['metadata.namespace: Required value']],
    ['a namespace on a cluster-scoped kind', { name: 'web', namespace: 'x' }, clusterScoped, ['metadata.namespace: Forbidden: not allowed on this type']],
    ['a bad namespace', { name: 'web', namespace: 'foo.bar' }, namespaced, [`metadata.namespace: Invalid value: "foo.bar": ${LABEL_MSG}`]],
    ['a negative generation', { name: 'web', namespace: 'd', generation: -1 }, namespaced, ['metadata.generation: Invalid value: -1: must be greater than or equal to 0']],
    [
      'bad labels',
      { name: 'web', namespace: 'd', labels: { 'a b': 'ok', ok: '-bad' } },
      namespaced,
      [`metadata.labels: Invalid value: "a b": ${NAME_PART_MSG}`, `metadata.labels: Invalid value: "-bad": ${LABEL_VALUE_MSG}`],
    ],
    ['annotation keys in any case', { name: 'web', namespace: 'd', annotations: { 'Example.COM/Some_Key': 'any value at all' } }, namespaced, []],
    ['a bad annotation key', { name: 'web', namespace: 'd', annotations: { 'a b': '' } }, namespaced, [`metadata.annotations: Invalid value: "a b": ${NAME_PART_MSG}`]],
    [
      'too large annotations',
      { name: 'web', namespace: 'd', annotations: { a: 'x'.repeat(256 * 1024) } },
      namespaced,
      ['metadata.annotations: Too long: must have at most 262144 bytes'],
    ],
    ['annotations at the size limit', { name: 'web', namespace: 'd', annotations: { a: 'x'.repeat(256 * 1024 - 1) } }, namespaced, []],
    ['standard and qualified finalizers', { name: 'web', namespace: 'd', finalizers: ['kubernetes', 'orphan', 'example.com/x', 'example.com/x'] }, namespaced, []],
    [
      'a non-standard finalizer without a domain',
      { name: 'web', namespace: 'd', finalizers: ['a/b', 'foo'] },
      namespaced,
      ['metadata.finalizers[1]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified'],
    ],
    [
      'a malformed finalizer',
      { name: 'web', namespace: 'd', finalizers: ['a/b/c'] },
      namespaced,
      [
        `metadata.finalizers: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
      ],
    ],
    [
      'orphan with foregroundDeletion',
      { name: 'web', namespace: 'd', finalizers: ['orphan', 'foregroundDeletion'] },
      namespaced,
      ['metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set'],
    ],
    [
      'owner references missing fields',
      { name: 'web', namespace: 'd', ownerReferences: [{ apiVersion: 'a/b/c', kind: '', name: '', uid: '' }] },
      namespaced,
      [
        'metadata.ownerReferences.apiVersion: Invalid value: "a/b/c": version must not be empty',
        'metadata.ownerReferences.kind: Invalid value: "": kind must not be empty',
        'metadata.ownerReferences.name: Invalid value: "": name must not be empty',
        'metadata.ownerReferences.uid: Invalid value: "": uid must not be empty',
      ],
    ],
    [
      'an Event as owner',
      { name: 'web', namespace: 'd', ownerReferences: [{ apiVersion: 'v1', kind: 'Event', name: 'e', uid: '1' }] },
      namespaced,
      ['metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e","uid":"1"}: /v1, Kind=Event is disallowed from being an owner'],
    ],
    [
      'a custom resource owner and an empty version',
      { name: 'web', namespace: 'd', ownerReferences: [{ apiVersion: 'customresourceVersion', kind: 'K', name: 'n', uid: '1' }, { apiVersion: 'foo/', kind: 'Pod', name: 'n', uid: '2' }] },
      namespaced,
      ['metadata.ownerReferences.apiVersion: Invalid value: "foo/": version must not be empty'],
    ],
  ];
  for (const [name, meta, opts, want] of cases) {
    it(name, () => assert.deepEqual(messages(meta, opts), want));
  }

  it('allows one controller reference only', () => {
    const ref = (kind: string, uid: string, controller?: boolean) => ({ apiVersion: 'v1', kind, name: 'name', uid, ...(controller === undefined ? {} : { controller }) });
    const one = [ref('K1', '1', false), ref('K2', '2', true), ref('K3', '3'), ref('K4', '4', false)];
    assert.deepEqual(messages({ name: 'w', namespace: 'd', ownerReferences: one }), []);
    const two = [ref('K1', '1', false), ref('K2', '2', true), ref('K3', '3', true)];
    const errs = validateObjectMeta({ name: 'w', namespace: 'd', ownerReferences: two }, namespaced);
    assert.equal(errs.length, 1);
    assert.equal(errs[0]?.detail, 'Only one reference can have Controller set to true. Found "true" in references for K2/name and K3/name');
  });

  it('skips the core finalizer rule for custom resources', () => {
    assert.deepEqual(messages({ name: 'w', namespace: 'd', finalizers: ['foo'] }, { ...namespaced, kubeFinalizers: false } as typeof namespaced), []);
  });

  it('checks managed fields entries', () => {
    const meta: ObjectMeta = {
      name: 'w',
      namespace: 'd',
      managedFields: [
        { manager: 'kubectl', operation: 'Update', fieldsType: 'FieldsV1' },
        { manager: 'bad\u0007', operation: 'Patch' as 'Apply', fieldsType: 'FieldsV2' as 'FieldsV1', subresource: 's'.repeat(257) },
      ],
    };
    assert.deepEqual(messages(meta), [
      'metadata.managedFields[1].operation: Invalid value: "Patch": must be `Apply` or `Update`',
      'metadata.managedFields[1].fieldsType: Invalid value: "FieldsV2": must be `FieldsV1`',
      'metadata.managedFields[1].manager: Invalid value: "bad\\u0007": invalid character U+0007 (at position 3)',
      'metadata.managedFields[1].subresource: Too long: must have at most 256 bytes',
    ]);
  });

  it('accepts other name rules and custom paths', () => {
    const errs = validateObjectMeta({ name: 'a.b' }, { namespaced: false, nameValidator: nameIsDNSLabel }, 'spec.template.metadata');
    assert.deepEqual(errs.map(fieldErrorMessage), [`spec.template.metadata.name: Invalid value: "a.b": ${LABEL_MSG}`]);
  });
});

describe('validateObjectMetaUpdate (upstream ValidateObjectMetaUpdate)', () => {
  const old: ObjectMeta = { name: 'web', namespace: 'd', uid: 'u1', resourceVersion: '5', generation: 2, creationTimestamp: '2024-01-01T00:00:00Z' };
  const update = (patch: Partial<ObjectMeta>, base: ObjectMeta = old): string[] =>
    validateObjectMetaUpdate({ ...base, ...patch }, base).map(fieldErrorMessage);

  const cases: [string, Partial<ObjectMeta>, string[]][] = [
    ['no change', {}, []],
    ['a label change', { labels: { a: 'b' } }, []],
    ['a new name', { name: 'other' }, ['metadata.name: Invalid value: "other": field is immutable']],
    ['a new namespace', { namespace: 'other' }, ['metadata.namespace: Invalid value: "other": field is immutable']],
    ['a new uid', { uid: 'u2' }, ['metadata.uid: Invalid value: "u2": field is immutable']],
    ['a missing resourceVersion', { resourceVersion: '' }, ['metadata.resourceVersion: Invalid value: "": must be specified for an update']],
    ['a lower generation', { generation: 1 }, ['metadata.generation: Invalid value: 1: must not be decremented']],
    ['a higher generation', { generation: 3 }, []],
    ['the same creation instant written differently', { creationTimestamp: '2024-01-01T00:00:00.000+00:00' }, []],
    ['a new creation time', { creationTimestamp: '2024-01-02T00:00:00Z' }, ['metadata.creationTimestamp: Invalid value: "2024-01-02T00:00:00Z": field is immutable']],
    ['setting deletionTimestamp', { deletionTimestamp: '1970-01-01T00:16:40Z' }, ['metadata.deletionTimestamp: Invalid value: "1970-01-01T00:16:40Z": field is immutable']],
    ['setting deletionGracePeriodSeconds', { deletionGracePeriodSeconds: 30 }, ['metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable']],
    ['a bad label', { labels: { a: 'b c' } }, [`metadata.labels: Invalid value: "b c": ${LABEL_VALUE_MSG}`]],
    ['a non-standard finalizer', { finalizers: ['foo'] }, ['metadata.finalizers[0]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified']],
    ['a new qualified finalizer (not being deleted)', { finalizers: ['x/a'] }, []],
  ];
  for (const [name, patch, want] of cases) {
    it(name, () => assert.deepEqual(update(patch), want));
  }

  it('keeps deletion fields immutable', () => {
    const deleting: ObjectMeta = { ...old, deletionTimestamp: '1970-01-01T00:16:40Z', deletionGracePeriodSeconds: 30 };
    assert.deepEqual(update({}, deleting), []);
    assert.deepEqual(
      validateObjectMetaUpdate({ ...old }, deleting).map(fieldErrorMessage),
      ['metadata.deletionTimestamp: Invalid value: null: field is immutable', 'metadata.deletionGracePeriodSeconds: Invalid value: null: field is immutable'],
    );
    assert.deepEqual(update({ deletionTimestamp: '1970-01-01T00:33:20Z', deletionGracePeriodSeconds: 40 }, deleting), [
      'metadata.deletionTimestamp: Invalid value: "1970-01-01T00:33:20Z": field is immutable',
      'metadata.deletionGracePeriodSeconds: Invalid value: 40: field is immutable',
    ]);
  });

  it('forbids new finalizers while the object is being deleted (upstream TestValidateFinalizersUpdate)', () => {
    const deleting: ObjectMeta = { ...old, deletionTimestamp: '2024-01-01T00:00:00Z', finalizers: ['x/a'] };
    assert.deepEqual(update({ finalizers: ['x/a', 'y/b', 'y/b'] }, deleting), [
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"y/b"}',
    ]);
    assert.deepEqual(update({ finalizers: ['x/b'] }, deleting), [
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"x/b"}',
    ]);
    assert.deepEqual(update({ finalizers: [] }, deleting), []);
  });
});
