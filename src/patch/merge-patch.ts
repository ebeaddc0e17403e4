// RFC 7386 JSON merge patch (`application/merge-patch+json`) with the semantics of the library the
// 1.25 API server uses (evanphx/json-patch v4 MergePatch): null deletes a key, objects merge
// recursively, anything else (arrays included) replaces; nulls inside newly added objects are dropped.
import { badRequest } from '../errors/status-error.js';
import { cloneJson } from '../schema/clone-json.js';
import { LiteralNumber } from '../schema/number-literals.js';

type JsonObject = Record<string, unknown>;

/** A JSON object; a number kept as its literal (LiteralNumber) is a scalar. */
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof LiteralNumber);
/** What pruneNulls walks into: objects and arrays. */
const isComposite = (v: unknown): v is object => typeof v === 'object' && v !== null && !(v instanceof LiteralNumber);

function setKey(obj: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Upstream pruneNulls: a copy without the null members of objects, at any depth (null array elements
 * stay). Made with a stack, as cloneJson: a patch may nest values up to the 10,000 levels decoding allows.
 */
function pruneNulls(value: unknown): unknown {
  if (!isComposite(value)) return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const pending: Array<[unknown, unknown]> = [[value, root]];
  const copyOf = (v: unknown): unknown => {
    if (!isComposite(v)) return v;
    const copy: unknown = Array.isArray(v) ? [] : {};
    pending.push([v, copy]);
    return copy;
  };
  while (pending.length > 0) {
    const [source, copy] = pending.pop() as [unknown, unknown];
    if (Array.isArray(source)) for (const v of source) (copy as unknown[]).push(copyOf(v));
    else for (const [k, v] of Object.entries(source as JsonObject)) if (v !== null) setKey(copy as JsonObject, k, copyOf(v));
  }
  return root;
}

/** Upstream merge of one member: an object target merges an object patch; otherwise the patch wins. */
function mergeValue(current: unknown, patch: unknown): unknown {
  if (!isObject(current)) return pruneNulls(patch);
  // As upstream, a non-object patch over an object is taken as is (its nested nulls are kept).
  if (!isObject(patch)) return cloneJson(patch);
  return mergeObjects(current, patch);
}

function mergeObjects(target: JsonObject, patch: JsonObject): JsonObject {
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete target[k];
    else setKey(target, k, Object.prototype.hasOwnProperty.call(target, k) && target[k] !== null ? mergeValue(target[k], v) : pruneNulls(v));
  }
  return target;
}

/**
 * Applies a parsed merge patch to `original` (not modified). A patch that is null or a scalar is a
 * 400 BadRequest `Invalid JSON Patch`, as upstream; an array patch replaces the whole document.
 */
export function applyMergePatch(original: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) return pruneNulls(patch);
  if (!isObject(patch)) throw badRequest('Invalid JSON Patch');
  if (!isObject(original)) return pruneNulls(patch);
  return mergeObjects(cloneJson(original), patch);
}
