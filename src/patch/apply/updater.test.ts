// Ownership semantics of structured-merge-diff's Updater, as its multiple_appliers, leaf, set,
// nested and key tests exercise them, on a kind with every marker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listPaths, setOf } from './field-set.js';
import { fieldElement, pathString } from './path-element.js';
import { WIDGET } from './test-kinds.js';
import { ApplyConflictError, applyOwnership, updateOwnership, type ManagedFields } from './updater.js';

const ctx = { type: WIDGET };

/** A small object's life: applies and updates in order, with the owners after each step. */
class Story {
  object: unknown = {};
  managers: ManagedFields = new Map();
  apply(manager: string, config: unknown, force = false): this {
    const out = applyOwnership(ctx, this.object, config, 'v1', this.managers, manager, force);
    if (out.object !== undefined) this.object = out.object;
    this.managers = out.managers;
    return this;
  }
  update(manager: string, object: unknown): this {
    this.managers = updateOwnership(ctx, this.object, object, 'v1', this.managers, manager);
    this.object = object;
    return this;
  }
  owners(): Record<string, string[]> {
    return Object.fromEntries([...this.managers].map(([m, owned]) => [m, listPaths(owned.set).map(pathString)]));
  }
}

const conflictsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApplyConflictError) return error.conflicts.map((c) => `${c.manager} ${pathString(c.path)}`);
    throw error;
  }
  assert.fail('expected conflicts');
};

test('an applier owns what it applies; a second applier with the same values shares it (rule 4)', () => {
  const s = new Story().apply('a', { spec: { replicas: 1 } }).apply('b', { spec: { replicas: 1 } });
  assert.deepEqual(s.owners(), { a: ['.spec.replicas'], b: ['.spec.replicas'] });
  assert.deepEqual(s.object, { spec: { replicas: 1 } });
});

test('changing a field another manager owns conflicts; force takes it (rule 5)', () => {
  const s = new Story().apply('a', { spec: { replicas: 1, hosts: ['x'] } });
  assert.deepEqual(conflictsOf(() => s.apply('b', { spec: { replicas: 2 } })), ['a .spec.replicas']);
  s.apply('b', { spec: { replicas: 2 } }, true);
  assert.deepEqual(s.owners(), { a: ['.spec.hosts[="x"]'], b: ['.spec.replicas'] });
  assert.deepEqual(s.object, { spec: { replicas: 2, hosts: ['x'] } });
});

test('updates never conflict and take the fields they change', () => {
  const s = new Story().apply('a', { spec: { replicas: 1 } }).update('u', { spec: { replicas: 3 } });
  assert.deepEqual(s.owners(), { u: ['.spec.replicas'] });
  assert.deepEqual(conflictsOf(() => s.apply('a', { spec: { replicas: 1 } })), ['u .spec.replicas']);
});

test('a field dropped from the configuration is removed unless someone else owns it (rule 6)', () => {
  const s = new Story().apply('a', { metadata: { labels: { x: '1', y: '2' } } });
  s.apply('a', { metadata: { labels: { x: '1' } } });
  assert.deepEqual(s.object, { metadata: { labels: { x: '1' } } });
  const shared = new Story().apply('a', { metadata: { labels: { x: '1', y: '2' } } }).apply('b', { metadata: { labels: { y: '2' } } });
  shared.apply('a', { metadata: { labels: { x: '1' } } });
  assert.deepEqual(shared.object, { metadata: { labels: { x: '1', y: '2' } } });
  assert.deepEqual(shared.owners(), { a: ['.metadata.labels.x'], b: ['.metadata.labels.y'] });
});

test('fields set by updaters are not removed when an applier drops them (TestApplyCanTransferFieldOwnershipToController)', () => {
  const s = new Story().apply('applier', { spec: { replicas: 3, hosts: ['h'] } });
  s.update('controller', { spec: { replicas: 4, hosts: ['h'] } });
  s.apply('applier', { spec: { hosts: ['h'] } });
  assert.deepEqual(s.object, { spec: { replicas: 4, hosts: ['h'] } });
});

test('a list item the applier drops goes, even when an updater changed a field in it (TestApplyCanRemoveMapItemsContributedToByControllers)', () => {
  const s = new Story().apply('applier', { spec: { containers: [{ name: 'nginx', image: 'nginx' }] } });
  s.update('controller', { spec: { containers: [{ name: 'nginx', image: 'nginx', args: ['x'] }] } });
  s.apply('applier', { spec: { containers: [{ name: 'other', image: 'nginx' }] } });
  assert.deepEqual(s.object, { spec: { containers: [{ image: 'nginx', name: 'other' }] } });
});

test('list maps: appliers own their items; dropping one removes only it', () => {
  const s = new Story().apply('a', { spec: { containers: [{ name: 'x', image: '1' }] } }).apply('b', { spec: { containers: [{ name: 'y', image: '2' }] } });
  assert.deepEqual(s.owners(), {
    a: ['.spec.containers[name="x"]', '.spec.containers[name="x"].image', '.spec.containers[name="x"].name'],
    b: ['.spec.containers[name="y"]', '.spec.containers[name="y"].image', '.spec.containers[name="y"].name'],
  });
  s.apply('a', { spec: {} });
  assert.deepEqual(s.object, { spec: { containers: [{ image: '2', name: 'y' }] } });
  assert.deepEqual(conflictsOf(() => s.apply('a', { spec: { containers: [{ name: 'y', image: '3' }] } })), ['b .spec.containers[name="y"].image']);
});

test('sets merge by value; atomic lists and maps have one owner for the whole value', () => {
  const sets = new Story().apply('a', { metadata: { finalizers: ['f1'] } }).apply('b', { metadata: { finalizers: ['f2'] } });
  assert.deepEqual(sets.object, { metadata: { finalizers: ['f1', 'f2'] } });
  const atomic = new Story().apply('a', { spec: { tolerations: ['t1'], selector: { app: 'x' } } });
  assert.deepEqual(conflictsOf(() => atomic.apply('b', { spec: { tolerations: ['t2'] } })), ['a .spec.tolerations']);
  assert.deepEqual(conflictsOf(() => atomic.apply('b', { spec: { selector: { app: 'x', tier: 't' } } })), ['a .spec.selector']);
});

test('an unchanged apply reports no new object', () => {
  const out = applyOwnership(ctx, { spec: { replicas: 1 } }, { spec: { replicas: 1 } }, 'v1', new Map(), 'a', false);
  assert.equal(out.object, undefined);
  assert.deepEqual(listPaths(out.managers.get('a')?.set ?? setOf()).map(pathString), ['.spec.replicas']);
});

test('ignored (reset) fields are never owned and never conflict', () => {
  const ignored = setOf([fieldElement('status')]);
  const first = applyOwnership({ type: WIDGET, ignored }, {}, { status: { phase: 'x' }, spec: { replicas: 1 } }, 'v1', new Map(), 'a', false);
  assert.deepEqual(listPaths(first.managers.get('a')?.set ?? setOf()).map(pathString), ['.spec.replicas']);
  const second = applyOwnership({ type: WIDGET, ignored }, first.object, { status: { phase: 'y' } }, 'v1', first.managers, 'b', false);
  assert.deepEqual([...second.managers.keys()], ['a']);
});
