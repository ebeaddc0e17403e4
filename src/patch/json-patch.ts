// RFC 6902 JSON patch (`application/json-patch+json`) with the semantics of the library the 1.25 API
// server uses (evanphx/json-patch v4): e.g. `replace` of a missing object key adds it, negative array
// indices count from the end, a `test` for null passes on a missing key, `value` may be omitted (null).
// fast-json-patch's own applier differs on those points, so the operations are written here on its
// pointer unescaping and deep equality (loaded at the first patch: json-patch-library.ts).
import { jsonPatchLibrary } from './json-patch-library.js';
import { StatusError, badRequest } from '../errors/status-error.js';
import { goJsonType } from './go-json.js';
import { cloneJson } from '../schema/clone-json.js';
import { LiteralNumber } from '../schema/number-literals.js';
import { goJson } from './apply/go-json.js';

/** Upstream maxJSONPatchOperations. */
export const MAX_JSON_PATCH_OPERATIONS = 10000;

/**
 * The genericapiserver's JSONPatchMaxCopyBytes (3 MiB), which it sets as the library's
 * AccumulatedCopySizeLimit: the bytes all `copy` operations of one patch may add, each counted as the
 * length of the copied value in Go's JSON encoding. Without it a few dozen copies of a value into
 * itself double the document past any memory.
 */
export const MAX_JSON_PATCH_COPY_BYTES = 3 * 1024 * 1024;

type JsonObject = Record<string, unknown>;
type Container = JsonObject | unknown[];
type Operation = Readonly<Record<string, unknown>> | null;

/** One failed operation; the apiserver does not show its text, but it is kept as the error's cause. */
class OperationFailure extends Error {}

/** An object or array; a number kept as its literal (LiteralNumber) is a scalar, as the library's raw number node. */
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null && !(v instanceof LiteralNumber);
const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** Own-property write: a `__proto__` key is data, never the prototype. */
function setKey(obj: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Go's strconv.Atoi on an array index segment. */
function atoi(key: string): number {
  if (!/^[+-]?\d+$/.test(key)) throw new OperationFailure(`value was not a proper array index: '${key}'`);
  return Number(key);
}

/** Resolves a possibly negative index against `size`; `limit` is the first index out of range. */
function arrayIndex(key: string, size: number, limit: number): number {
  let idx = atoi(key);
  if (idx < 0) {
    if (idx < -size) throw new OperationFailure(`Unable to access invalid index: ${idx}`);
    idx += size;
  }
  if (idx >= limit) throw new OperationFailure(`Unable to access invalid index: ${idx}`);
  return idx;
}

/** v4 container get: a missing object key reads as null (no error); arrays are bounds-checked. */
function get(c: Container, key: string): unknown {
  if (Array.isArray(c)) return c[arrayIndex(key, c.length, c.length)];
  return hasOwn(c, key) ? c[key] : null;
}

function add(c: Container, key: string, value: unknown): void {
  if (!Array.isArray(c)) return setKey(c, key, value);
  if (key === '-') {
    c.push(value);
    return;
  }
  c.splice(arrayIndex(key, c.length + 1, c.length + 1), 0, value);
}

function remove(c: Container, key: string): void {
  if (Array.isArray(c)) {
    c.splice(arrayIndex(key, c.length, c.length), 1);
  } else if (hasOwn(c, key)) {
    delete c[key];
  } else {
    throw new OperationFailure(`Unable to remove nonexistent key: ${key}`);
  }
}

function set(c: Container, key: string, value: unknown): void {
  if (Array.isArray(c)) c[arrayIndex(key, c.length, c.length)] = value;
  else setKey(c, key, value);
}

/** v4 findObject: walks to the parent of the last token; null and scalars along the way fail. */
function findObject(doc: Container, pointer: string): [Container, string] {
  const { unescapePathComponent } = jsonPatchLibrary();
  const tokens = pointer.split('/').map((t) => unescapePathComponent(t));
  if (tokens.length < 2) throw new OperationFailure(`doc is missing path: "${pointer}"`);
  let current: Container = doc;
  for (const token of tokens.slice(1, -1)) {
    let next: unknown;
    try {
      next = get(current, token);
    } catch {
      next = undefined;
    }
    if (!isContainer(next)) throw new OperationFailure(`doc is missing path: "${pointer}"`);
    current = next;
  }
  return [current, tokens[tokens.length - 1] ?? ''];
}

/** A string member of the operation (`path`, `from`); anything else fails as upstream. */
function member(op: Operation, name: 'path' | 'from'): string {
  const v = op && hasOwn(op, name) ? op[name] : undefined;
  if (typeof v !== 'string') throw new OperationFailure(`operation missing ${name} field`);
  return v;
}

/** The operation's value, copied so the result never aliases the patch; absent reads as null. */
const valueOf = (op: Operation): unknown => (op && hasOwn(op, 'value') && op['value'] !== undefined ? cloneJson(op['value']) : null);

function test(doc: Container, op: Operation): void {
  const path = member(op, 'path');
  const expected = valueOf(op);
  const actual = path === '' ? doc : get(...findObject(doc, path));
  const ok = actual === null || actual === undefined ? expected === null : sameJson(actual, expected);
  if (!ok) throw new OperationFailure(`testing value ${path} failed`);
}

/**
 * evanphx/json-patch's lazyNode.equal: objects and arrays member by member, scalars by their compact bytes,
 * so a number kept as written (LiteralNumber: `1.5`, `1e3`) equals a decoded number only when the text is
 * the same (`1.5` and 1.5 do, `1e3` and 1000 do not).
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a instanceof LiteralNumber || b instanceof LiteralNumber) return numberText(a) !== undefined && numberText(a) === numberText(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  if (isContainer(a) || isContainer(b)) {
    if (!isContainer(a) || !isContainer(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return jsonPatchLibrary()._areEquals(a, b);
}

/** A number's JSON text as written (a LiteralNumber's) or as Go writes a decoded one. */
function numberText(v: unknown): string | undefined {
  if (v instanceof LiteralNumber) return v.literal;
  return typeof v === 'number' ? String(v) : undefined;
}

function replace(doc: Container, op: Operation): Container {
  const path = member(op, 'path');
  if (path === '') {
    // The whole document may be replaced by an object or array; other values are ignored, as upstream.
    const value = valueOf(op);
    return isContainer(value) ? value : doc;
  }
  const [c, key] = findObject(doc, path);
  get(c, key);
  set(c, key, valueOf(op));
  return doc;
}

/** The bytes the `copy` operations of one patch have added so far. */
interface CopyBudget {
  copied: number;
}

function moveOrCopy(doc: Container, op: Operation, move: boolean, budget: CopyBudget): void {
  const [from, fromKey] = findObject(doc, member(op, 'from'));
  const value = get(from, fromKey);
  if (move) remove(from, fromKey);
  const [to, toKey] = findObject(doc, member(op, 'path'));
  if (!move) {
    budget.copied += Buffer.byteLength(goJson(value));
    if (budget.copied > MAX_JSON_PATCH_COPY_BYTES) {
      throw new OperationFailure(`Unable to complete the copy, the accumulated size increase of copy is ${budget.copied}, exceeding the limit ${MAX_JSON_PATCH_COPY_BYTES}`);
    }
  }
  add(to, toKey, move ? value : cloneJson(value));
}

/** Applies one operation (upstream Patch.Apply's switch); returns the possibly replaced document. */
function applyOperation(doc: Container, op: Operation, budget: CopyBudget): Container {
  const kind = op && typeof op['op'] === 'string' ? op['op'] : 'unknown';
  switch (kind) {
    case 'add':
      add(...findObject(doc, member(op, 'path')), valueOf(op));
      return doc;
    case 'remove':
      remove(...findObject(doc, member(op, 'path')));
      return doc;
    case 'replace':
      return replace(doc, op);
    case 'move':
    case 'copy':
      moveOrCopy(doc, op, kind === 'move', budget);
      return doc;
    case 'test':
      test(doc, op);
      return doc;
    default:
      throw new OperationFailure(`Unexpected kind: ${kind}`);
  }
}

/** Upstream DecodePatch on the parsed body: an array of objects (null entries allowed), or null. */
function decodeOperations(patch: unknown): Operation[] {
  if (patch === null) return [];
  if (!Array.isArray(patch)) throw badRequest(`json: cannot unmarshal ${goJsonType(patch)} into Go value of type jsonpatch.Patch`);
  return patch.map((op: unknown) => {
    if (op === null) return null;
    if (typeof op !== 'object' || Array.isArray(op)) throw badRequest(`json: cannot unmarshal ${goJsonType(op)} into Go value of type jsonpatch.Operation`);
    return op as Record<string, unknown>;
  });
}

/** 422 exactly as upstream builds it for a failed application (the operation's error text is not shown). */
function applyFailed(cause: unknown): StatusError {
  const err = new StatusError(422, 'Invalid', 'the server rejected our request due to an error in our request', {});
  err.cause = cause;
  return err;
}

/**
 * Applies a parsed JSON patch to `original` (not modified) and returns the patched document.
 * Throws 400 BadRequest for a patch that is not a list of operations, 413 beyond 10000 operations,
 * and 422 Invalid (`the server rejected our request due to an error in our request`) when an operation fails.
 */
export function applyJsonPatch(original: unknown, patch: unknown): unknown {
  const ops = decodeOperations(patch);
  if (ops.length > MAX_JSON_PATCH_OPERATIONS) {
    throw new StatusError(413, 'RequestEntityTooLarge', `Request entity too large: The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${ops.length}`);
  }
  if (!isContainer(original)) throw applyFailed(new OperationFailure('document is not an object or array'));
  let doc: Container = cloneJson(original);
  const budget: CopyBudget = { copied: 0 };
  for (const op of ops) {
    try {
      doc = applyOperation(doc, op, budget);
    } catch (e) {
      if (e instanceof OperationFailure) throw applyFailed(e);
      throw e;
    }
  }
  return doc;
}
