// Typed decoding of a request body, as upstream decodes JSON into a kind's Go struct: type checks
// with Go's error texts, unknown fields pruned (and reported per `fieldValidation`), nulls treated
// as absent, timestamps and byte fields re-encoded canonically. Runs on every write, over a schema
// compiled once (compile.ts). 1-conventions: common parameters (`fieldValidation`).
import type { TSchema } from '@sinclair/typebox';
import { type ArrayNode, type FieldSlot, type MapNode, type ObjectNode, type SchemaNode, compileSchema, goTypeName } from './compile.js';
import { absentValue, isGoEmpty } from './go-encoding.js';
import {
  DecodeFailure,
  type TypeErrorContext,
  cannotBeHandled,
  goJsonType,
  strictDecodingMessage,
  typeErrorMessage,
  unrecognizedObject,
} from './decode-errors.js';
import { decodeQuantity, decodeScalar, isExpectedScalar, zeroValue } from './decode-scalars.js';
import { fitsGoInteger, unusualNumberLiterals } from './number-literals.js';
import type { JsonSchema } from './schema-utils.js';
import { sortGoStrings } from './go-strings.js';

/** The `fieldValidation` query parameter's values. */
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

/** How to decode and what to name in error messages. */
export interface DecodeOptions {
  /** The body's kind and version (defaulted from the URL when the body omits them), for messages. */
  kind: string;
  version: string;
  fieldValidation: FieldValidation;
  /**
   * true (default): Go struct semantics for built-in kinds (type errors are 400s).
   * false: unstructured semantics for custom resources: only pruning and unknown-field
   * detection; values of the wrong type are kept for schema validation to report.
   */
  typed?: boolean;
  /**
   * Keep the body's empty values as written (an apply configuration, whose `labels: {}` or `hostNetwork: false`
   * structured-merge-diff owns as a leaf). By default a typed decode leaves the object as Go's encoding
   * writes it: empty values of `omitempty` fields dropped, unset optional fields without `omitempty` null.
   */
  keepEmpty?: boolean;
  /**
   * The JSON text `input` was parsed from, when there is one: its number literals that JSON.parse made
   * plain integers (`1e3`, `1.0`, past 2^53) are refused where the field is a Go integer.
   */
  text?: string;
}

/** The decoded (pruned, normalized) object and Warn-mode warnings. */
export interface DecodeResult<T = Record<string, unknown>> {
  object: T;
  /** `unknown field "<path>"` texts in Warn mode (sent as `Warning` headers). */
  warnings: string[];
}

/** Collects strict-decoding errors like upstream's decoder: deduplicated, at most 100. */
class DecodeState {
  readonly unknownFields: string[] = [];
  private readonly seen = new Set<string>();
  constructor(
    readonly typed: boolean,
    readonly detectUnknown: boolean,
    /** Shape the object as Go's encoding writes it (omitempty, nulls): compile.ts's slots and `absentFields`. */
    readonly omitEmpty: boolean,
  ) {}
  unknown(path: string): void {
    if (!this.detectUnknown || this.unknownFields.length >= 100) return;
    const message = `unknown field ${JSON.stringify(path)}`;
    if (this.seen.has(message)) return;
    this.seen.add(message);
    this.unknownFields.push(message);
  }
}

/** How a context is reached from its parent. */
const enum Step {
  Root,
  Field,
  Index,
  MapKey,
}

/**
 * Where a value sits, for error texts: Go's field path (`spec.containers`) and kjson's strict path
 * (`spec.containers[0].ports`, indices and map keys included). Both are spelt only when an error or an
 * unknown field needs them: building them for every value was a large part of decoding a pod.
 */
class Context implements TypeErrorContext {
  #field: string | undefined;
  #path: string | undefined;

  constructor(
    readonly struct: string,
    private readonly parent: Context | undefined,
    private readonly key: string | number,
    private readonly step: Step,
  ) {}

  /** Go's field path: struct fields only. */
  get field(): string {
    if (this.#field === undefined) {
      const parent = this.parent;
      this.#field = parent === undefined ? '' : this.step === Step.Field ? join(parent.field, String(this.key)) : parent.field;
    }
    return this.#field;
  }

  /** kjson's strict path. */
  get path(): string {
    if (this.#path === undefined) {
      const parent = this.parent;
      if (parent === undefined) this.#path = '';
      else if (this.step === Step.Index) this.#path = `${parent.path}[${this.key}]`;
      else this.#path = join(parent.path, String(this.key));
    }
    return this.#path;
  }
}

const DROP = Symbol('drop');
type Decoded = unknown;

const VERSION_KIND_STRUCT = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/**
 * Decodes `input` against a kind's schema. Throws a 400 BadRequest StatusError for type errors
 * (always) and for unknown fields under Strict; returns Warn-mode warnings otherwise.
 */
export function decodeObject<T = Record<string, unknown>>(schema: TSchema | JsonSchema, input: unknown, options: DecodeOptions): DecodeResult<T> {
  const root = compileSchema(schema as JsonSchema);
  const targetKind = (root.kind === 'object' && root.structName) || options.kind;
  checkTypeMeta(input, targetKind);
  const typed = options.typed ?? true;
  const state = new DecodeState(typed, options.fieldValidation !== 'Ignore', typed && !options.keepEmpty);
  let object: Decoded;
  try {
    // First: the literal's own text names it (`number 1e400`, not the Infinity JSON.parse made of it).
    if (typed && options.text !== undefined) checkIntegerLiterals(root, options.text);
    object = decodeNode(root, input, new Context('', undefined, '', Step.Root), state);
  } catch (error) {
    if (error instanceof DecodeFailure) throw cannotBeHandled(options.kind, options.version, targetKind, error.message);
    throw error;
  }
  if (state.unknownFields.length > 0 && options.fieldValidation === 'Strict') {
    throw cannotBeHandled(options.kind, options.version, targetKind, strictDecodingMessage(state.unknownFields));
  }
  const warnings = options.fieldValidation === 'Warn' ? state.unknownFields : [];
  return { object: (object === DROP ? {} : object) as T, warnings };
}

/** Go's refusal of the first number literal of `text` that an integer field cannot take as written. */
function checkIntegerLiterals(root: SchemaNode, text: string): void {
  for (const { path, literal } of unusualNumberLiterals(text)) {
    const at = nodeAt(root, path);
    if (at?.node.kind === 'integer') {
      const goType = at.node.format === 'int32' ? 'int32' : 'int64';
      if (!fitsGoInteger(literal, goType)) throw new DecodeFailure(typeErrorMessage(`number ${literal}`, goType, at.ctx));
    }
    // IntOrString unmarshals its number on its own: Go names no struct field.
    if (at?.node.kind === 'int-or-string' && !fitsGoInteger(literal, 'int32')) throw new DecodeFailure(typeErrorMessage(`number ${literal}`, 'int32', undefined));
  }
}

/** The schema node of a JSON path and its context for messages (as decodeNode builds them); undefined off the schema. */
function nodeAt(root: SchemaNode, path: ReadonlyArray<string | number>): { node: SchemaNode; ctx: Context } | undefined {
  let node: SchemaNode = root;
  let ctx = new Context('', undefined, '', Step.Root);
  for (const key of path) {
    if (node.kind === 'object') {
      const field = node.fields.get(String(key));
      if (!field) return undefined;
      ctx = new Context(node.structName || ctx.struct, ctx, key, Step.Field);
      node = field;
    } else if (node.kind === 'map' || node.kind === 'array') {
      ctx = new Context(ctx.struct, ctx, key, node.kind === 'map' ? Step.MapKey : Step.Index);
      node = node.kind === 'map' ? node.values : node.items;
    } else {
      return undefined;
    }
  }
  return { node, ctx };
}

/** Upstream reads apiVersion/kind first; a body where it cannot is "unrecognized". */
export function checkTypeMeta(input: unknown, targetKind: string): void {
  const prefix = "couldn't get version/kind; json parse error: ";
  if (!isPlainObject(input)) {
    throw unrecognizedObject(targetKind, `${prefix}${typeErrorMessage(goJsonType(input), VERSION_KIND_STRUCT, undefined)}`, input);
  }
  for (const key of ['apiVersion', 'kind']) {
    const value = input[key];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw unrecognizedObject(targetKind, `${prefix}${typeErrorMessage(goJsonType(value), 'string', { struct: '', field: key })}`, input);
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeNode(node: SchemaNode, value: unknown, ctx: Context, state: DecodeState): Decoded {
  if (value === null) {
    // Go leaves the zero value (omitted on output); unstructured keeps nulls only where nullable.
    return !state.typed && node.schema['nullable'] === true ? null : DROP;
  }
  switch (node.kind) {
    case 'object':
      return decodeStruct(node, value, ctx, state);
    case 'map':
      return decodeMap(node, value, ctx, state);
    case 'array':
      return decodeArray(node, value, ctx, state);
    default:
      return state.typed ? decodeScalar(node, value, ctx) : value;
  }
}

/** A value of the wrong JSON type: Go's type error (typed) or kept as is for validation. */
function mismatch(node: SchemaNode, value: unknown, ctx: Context, state: DecodeState): Decoded {
  if (!state.typed) return value;
  throw new DecodeFailure(typeErrorMessage(goJsonType(value), goTypeName(node), ctx));
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

function decodeStruct(node: ObjectNode, value: unknown, ctx: Context, state: DecodeState): Decoded {
  if (!isPlainObject(value)) return mismatch(node, value, ctx, state);
  const struct = node.structName || ctx.struct;
  // Fields go straight into the result; most bodies already list them in declaration order, the others
  // are put in it at the end (three arrays per struct were a large part of decoding a pod).
  let result: Record<string, unknown> = {};
  let previous = -1;
  let ordered = true;
  let kept: [string, unknown][] | undefined;
  // for-in, not Object.keys: no array per struct (bodies are JSON, whose objects inherit no enumerable keys).
  for (const key in value) {
    const slot = node.slots.get(key);
    if (!slot) {
      if (node.preserveUnknown) (kept ??= []).push([key, value[key]]);
      else state.unknown(join(ctx.path, key));
      continue;
    }
    const field = slot.node;
    const out = decodeChild(field, value[key], ctx, struct, key, Step.Field, state);
    if (out === DROP || (slot.omitEmpty && state.omitEmpty && isGoEmpty(field, out))) continue;
    const position = slot.position;
    if (position < previous) ordered = false;
    previous = position;
    result[key] = out;
  }
  // Optional fields the body left unset (or null) that Go writes all the same: nil ones without omitempty
  // as null, non-pointer structs as their zero value (`resources: {}`, a template's `creationTimestamp: null`).
  if (state.omitEmpty) {
    for (const field of node.absentFields) {
      const key = field.name;
      if (value[key] !== undefined && value[key] !== null) continue;
      if (field.position < previous) ordered = false;
      previous = field.position;
      result[key] = absentValue(field);
    }
  }
  // Declaration order, as Go encodes a struct; preserved unknown fields follow.
  if (!ordered) result = inDeclarationOrder(result, node.slots);
  if (kept) for (const [key, keptValue] of kept) result[key] = keptValue;
  return result;
}

/** `fields` again with its keys in ascending position (an insertion sort: structs are small). */
function inDeclarationOrder(fields: Record<string, unknown>, slots: ReadonlyMap<string, FieldSlot>): Record<string, unknown> {
  const position = (key: string): number => (slots.get(key) as FieldSlot).position;
  const keys = Object.keys(fields);
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    const at = position(key);
    let j = i - 1;
    for (; j >= 0 && position(keys[j] as string) > at; j--) keys[j + 1] = keys[j] as string;
    keys[j + 1] = key;
  }
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = fields[key];
  return result;
}

function decodeMap(node: MapNode, value: unknown, ctx: Context, state: DecodeState): Decoded {
  if (!isPlainObject(value)) return mismatch(node, value, ctx, state);
  const result: Record<string, unknown> = {};
  // Go encodes maps with their keys sorted (bytewise, as Go compares strings).
  for (const key of sortGoStrings(Object.keys(value))) {
    const out = decodeChild(node.values, value[key], ctx, ctx.struct, key, Step.MapKey, state);
    result[key] = out === DROP ? zeroValue(node.values) : out;
  }
  return result;
}

function decodeArray(node: ArrayNode, value: unknown, ctx: Context, state: DecodeState): Decoded {
  if (!Array.isArray(value)) return mismatch(node, value, ctx, state);
  const result: unknown[] = [];
  for (let index = 0; index < value.length; index++) {
    const out = decodeChild(node.items, value[index], ctx, ctx.struct, index, Step.Index, state);
    result.push(out === DROP ? zeroValue(node.items) : out);
  }
  return result;
}

/**
 * decodeNode for a field, map value or list item of `parent`. A scalar of the expected type is taken
 * without building its Context, which only a type error reads (one per value was most of the garbage).
 */
function decodeChild(node: SchemaNode, value: unknown, parent: Context, struct: string, key: string | number, step: Step, state: DecodeState): Decoded {
  if (value !== null && state.typed && node.kind !== 'object' && node.kind !== 'map' && node.kind !== 'array') {
    if (isExpectedScalar(node, value)) return value;
    if (node.kind === 'quantity') return decodeQuantity(value); // its errors name no field either
  }
  return decodeNode(node, value, new Context(struct, parent, key, step), state);
}
