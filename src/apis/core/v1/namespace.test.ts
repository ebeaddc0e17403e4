import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import {
  defaultNamespace,
  namespaceDefinition,
  namespaceStrategy,
  prepareForFinalizeUpdate,
  prepareNamespaceForCreate,
  prepareNamespaceForStatusUpdate,
  prepareNamespaceForUpdate,
  validateNamespace,
  validateNamespaceFinalizeUpdate,
  validateNamespaceStatusUpdate,
  validateNamespaceUpdate,
  type Namespace,
} from './namespace.js';

const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const ns = (fields: Partial<Namespace> = {}, meta: Namespace['metadata'] = {}): Namespace => ({
  metadata: { name: 'team-a', resourceVersion: '5', ...meta },
  ...fields,
});

test('defaultNamespace: name label and Active phase', () => {
  const obj = ns({}, { labels: { a: 'b' } });
  defaultNamespace(obj);
  assert.deepEqual(obj.metadata.labels, { a: 'b', 'kubernetes.io/metadata.name': 'team-a' });
  assert.deepEqual(obj.status, { phase: 'Active' });
  const terminating = ns({ status: { phase: 'Terminating' } });
  defaultNamespace(terminating);
  assert.equal(terminating.status?.phase, 'Terminating');
});

test('prepareForCreate: Active status whatever was sent, kubernetes finalizer appended once', () => {
  const cases: [string[] | undefined, string[]][] = [
    [undefined, ['kubernetes']],
    [[], ['kubernetes']],
    [['example.com/x'], ['example.com/x', 'kubernetes']],
    [['kubernetes', 'example.com/x'], ['kubernetes', 'example.com/x']],
  ];
  for (const [given, want] of cases) {
    const obj = ns({ spec: given ? { finalizers: given } : undefined, status: { phase: 'Terminating', conditions: [{ type: 'x', status: 'True' }] } });
    prepareNamespaceForCreate(obj);
    assert.deepEqual(obj.spec?.finalizers, want, JSON.stringify(given));
    assert.deepEqual(obj.status, { phase: 'Active' });
    assert.equal(obj.metadata.labels?.['kubernetes.io/metadata.name'], 'team-a');
  }
});

test('prepareForUpdate keeps finalizers and status; status update keeps spec; finalize keeps status', () => {
  const old = ns({ spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
  const update = ns({ spec: { finalizers: [] }, status: { phase: 'Terminating' } }, { labels: { team: 'a' } });
  prepareNamespaceForUpdate(update, old);
  assert.deepEqual(update.spec, { finalizers: ['kubernetes'] });
  assert.deepEqual(update.status, { phase: 'Active' });
  assert.deepEqual(update.metadata.labels, { team: 'a', 'kubernetes.io/metadata.name': 'team-a' });

  const noSpecOld = ns({ status: { phase: 'Active' } });
  const update2 = ns({ spec: { finalizers: ['x/y'] } });
  prepareNamespaceForUpdate(update2, noSpecOld);
  assert.deepEqual(update2.spec, {});

  const status = ns({ spec: { finalizers: [] }, status: { phase: 'Terminating' } });
  prepareNamespaceForStatusUpdate(status, old);
  assert.deepEqual(status.spec, { finalizers: ['kubernetes'] });
  assert.deepEqual(status.status, { phase: 'Terminating' });

  const finalize = ns({ spec: { finalizers: [] }, status: { phase: 'Terminating' } });
  prepareForFinalizeUpdate(finalize, old);
  assert.deepEqual(finalize.spec, { finalizers: [] });
  assert.deepEqual(finalize.status, { phase: 'Active' });
});

const NOT_STANDARD = 'name is neither a standard finalizer name nor is it fully qualified';

test('validateNamespace: DNS-label names, finalizer names on spec.finalizers', () => {
  const cases: [string, Namespace, string[]][] = [
    ['valid', ns({ spec: { finalizers: ['kubernetes', 'example.com/cleanup', 'orphan'] } }), []],
    ['non-standard short finalizer', ns({ spec: { finalizers: ['cleanup'] } }), [`spec.finalizers: Invalid value: "cleanup": ${NOT_STANDARD}`]],
    ['namespace set on a cluster-scoped object', ns({}, { namespace: 'x' }), ['metadata.namespace: Forbidden: not allowed on this type']],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateNamespace(obj)), want, name);
  const dotted = messages(validateNamespace(ns({}, { name: 'a.b' })));
  assert.equal(dotted.length, 1);
  assert.match(dotted[0] ?? '', /^metadata\.name: Invalid value: "a\.b": a lowercase RFC 1123 label must consist of/);
  const badQualified = messages(validateNamespace(ns({ spec: { finalizers: ['example.com/-bad'] } })));
  assert.match(badQualified[0] ?? '', /^spec\.finalizers: Invalid value: "example\.com\/-bad": name part must consist of alphanumeric characters/);
});

test('validateNamespaceUpdate: create rules plus metadata update rules', () => {
  const errors = messages(validateNamespaceUpdate(ns({}, { resourceVersion: '' }), ns()));
  assert.deepEqual(errors, ['metadata.resourceVersion: Invalid value: "": must be specified for an update']);
  assert.deepEqual(messages(validateNamespaceUpdate(ns({}, { name: 'team-b' }), ns())), ['metadata.name: Invalid value: "team-b": field is immutable']);
});

test('validateNamespaceStatusUpdate: phase agrees with deletionTimestamp', () => {
  const deleting = { deletionTimestamp: '2024-01-01T00:00:00Z' };
  const cases: [string, Namespace, Namespace, string[]][] = [
    ['active', ns({ status: { phase: 'Active' } }), ns(), []],
    ['terminating without deletion', ns({ status: { phase: 'Terminating' } }), ns(), [`status.Phase: Invalid value: "Terminating": may only be 'Active' if \`deletionTimestamp\` is empty`]],
    ['active while deleting', ns({ status: { phase: 'Active' } }, deleting), ns({}, deleting), [`status.Phase: Invalid value: "Active": may only be 'Terminating' if \`deletionTimestamp\` is not empty`]],
    ['terminating while deleting', ns({ status: { phase: 'Terminating' } }, deleting), ns({}, deleting), []],
  ];
  for (const [name, obj, old, want] of cases) assert.deepEqual(messages(validateNamespaceStatusUpdate(obj, old)), want, name);
});

test('validateNamespaceFinalizeUpdate: each finalizer at its index', () => {
  const errors = messages(validateNamespaceFinalizeUpdate(ns({ spec: { finalizers: ['kubernetes', 'cleanup'] } }), ns()));
  assert.deepEqual(errors, [`spec.finalizers[1]: Invalid value: "cleanup": ${NOT_STANDARD}`]);
  assert.deepEqual(messages(validateNamespaceFinalizeUpdate(ns({ spec: { finalizers: [] } }), ns())), []);
});

test('Namespace definition: identity, verbs, subresources, strategy, table, field selector', () => {
  const def = namespaceDefinition;
  assert.deepEqual([def.group, def.version, def.kind, def.listKind, def.resource, def.singular], ['', 'v1', 'Namespace', 'NamespaceList', 'namespaces', 'namespace']);
  assert.deepEqual(def.shortNames, ['ns']);
  assert.equal(def.namespaced, false);
  assert.equal(def.verbs.includes('deletecollection'), false);
  assert.equal(def.verbs.length, 7);
  assert.deepEqual(def.subresources?.map((s) => [s.name, s.type, [...s.verbs]]), [['status', 'object', ['get', 'patch', 'update']], ['finalize', 'object', ['update']]]);
  assert.equal(def.strategy, namespaceStrategy);
  assert.equal(def.strategy.allowCreateOnUpdate, undefined);
  const obj = ns({ status: { phase: 'Terminating' } }, { creationTimestamp: '2024-01-01T00:00:00Z' });
  const columns = def.tableColumns ?? [];
  assert.deepEqual(columns.map((c) => c.definition.name), ['Name', 'Status', 'Age']);
  assert.deepEqual(columns.map((c) => c.cell(obj, new Date('2024-01-01T00:00:30Z'))), ['team-a', 'Terminating', '30s']);
  assert.equal(def.fieldSelectors?.['status.phase']?.(obj), 'Terminating');
});
