// Decoding a plugin's configuration kind as upstream's scheme decoders do: the document (YAML or JSON) must
// name a registered apiVersion and kind; a strict scheme (PodSecurity's) also refuses unknown fields. Errors
// read as apimachinery's (`Object 'Kind' is missing in '...'`, `no kind "X" is registered for version "Y" in
// scheme "..."`, `strict decoding error: unknown field "a"`, encoding/json's type errors).
import { parseYamlDocument } from '../../schema/yaml-document.js';
import type { PluginConfigSource } from './admission-configuration.js';
import { errorMessage } from '../../errors/error-message.js';

/** A configuration kind and the versions a plugin's scheme registers for it. */
export interface ConfigScheme {
  readonly group: string;
  readonly kind: string;
  readonly versions: readonly string[];
  /** Where upstream's scheme is made, as its not-registered error names it. */
  readonly scheme: string;
}

/** A decoded document: its version and its fields. */
export interface DecodedConfig {
  readonly version: string;
  readonly object: Readonly<Record<string, unknown>>;
}

/**
 * The document of `source` as `scheme`'s kind, or as any of several kinds one scheme registers (named in the
 * not-registered error by the first's scheme): runtime.Decode of the universal decoder. An empty document has no
 * kind, as for upstream's decoder: a plugin that takes its defaults then (PodSecurity) checks that itself.
 * @throws Error with apimachinery's text.
 */
export function decodeConfig(source: PluginConfigSource, scheme: ConfigScheme | readonly ConfigScheme[]): DecodedConfig {
  const schemes: readonly ConfigScheme[] = Array.isArray(scheme) ? scheme : [scheme as ConfigScheme];
  let object: unknown;
  try {
    object = parseYamlDocument(source.data);
  } catch (error) {
    throw new Error(`error converting YAML to JSON: ${errorMessage(error)}`, { cause: error });
  }
  const { apiVersion, kind, error } = typeMeta(object, source.data);
  if (error) throw new Error(error);
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  const registered = schemes.some((s) => group === s.group && s.versions.includes(version) && kind === s.kind);
  if (!registered) throw new Error(notRegistered(kind, apiVersion, schemes[0]?.scheme ?? ''));
  return { version, object: object as Record<string, unknown> };
}

/**
 * The apiVersion and kind of a document (upstream's serializer reads them first): an error when the document is
 * not an object or lacks either (the kind is looked for first).
 */
export function typeMeta(object: unknown, data: string): { apiVersion: string; kind: string; error?: string } {
  if (object !== null && (typeof object !== 'object' || Array.isArray(object))) {
    const into = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';
    return { apiVersion: '', kind: '', error: `couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonType(object)} into Go value of type ${into}` };
  }
  const fields = (object ?? {}) as Record<string, unknown>;
  for (const field of ['apiVersion', 'kind']) {
    const value = fields[field];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      return { apiVersion: '', kind: '', error: `couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonType(value)} into Go struct field .${field} of type string` };
    }
  }
  const apiVersion = (fields['apiVersion'] as string | undefined) ?? '';
  const kind = (fields['kind'] as string | undefined) ?? '';
  if (!kind) return { apiVersion, kind, error: `Object 'Kind' is missing in '${data}'` };
  if (!apiVersion) return { apiVersion, kind, error: `Object 'apiVersion' is missing in '${data}'` };
  return { apiVersion, kind };
}

/** Whether an error of typeMeta is a missing kind or apiVersion (upstream runtime.IsMissingKind / IsMissingVersion). */
export const isMissingKindOrVersion = (error: string): boolean => error.startsWith("Object 'Kind' is missing") || error.startsWith("Object 'apiVersion' is missing");

/** upstream runtime.NewNotRegisteredErrForKind. */
export const notRegistered = (kind: string, apiVersion: string, scheme: string): string =>
  `no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(apiVersion)} in scheme ${JSON.stringify(scheme)}`;

/** The fields of a configuration struct, for strict decoding: strings, lists of strings, nested structs. */
export type FieldType = 'string' | 'string[]' | StructType;

export interface StructType {
  /** The Go struct's name, as encoding/json names it in a type error. */
  readonly struct: string;
  readonly fields: Readonly<Record<string, FieldType>>;
}

/**
 * The decoding errors of `object` against `type` as upstream's strict decoder reports them: the first type
 * mismatch (encoding/json stops at it), else every unknown field; undefined when it decodes cleanly.
 */
export function strictDecodingError(object: Readonly<Record<string, unknown>>, type: StructType, goPackage: string): string | undefined {
  const unknown: string[] = [];
  const typeError = walkStruct(object, type, '', goPackage, unknown);
  if (typeError) return typeError;
  return unknown.length > 0 ? `strict decoding error: ${unknown.map((path) => `unknown field ${JSON.stringify(path)}`).join(', ')}` : undefined;
}

function walkStruct(object: Readonly<Record<string, unknown>>, type: StructType, prefix: string, goPackage: string, unknown: string[]): string | undefined {
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const fieldType = type.fields[key];
    if (fieldType === undefined) {
      unknown.push(path);
      continue;
    }
    if (value === null) continue; // null leaves the Go zero value
    const mismatch = (jsonValue: unknown, goType: string) => `json: cannot unmarshal ${jsonType(jsonValue)} into Go struct field ${type.struct}.${path} of type ${goType}`;
    if (fieldType === 'string') {
      if (typeof value !== 'string') return mismatch(value, 'string');
    } else if (fieldType === 'string[]') {
      if (!Array.isArray(value)) return mismatch(value, '[]string');
      const bad = value.find((item) => item !== null && typeof item !== 'string');
      if (bad !== undefined) return mismatch(bad, 'string');
    } else {
      if (typeof value !== 'object' || Array.isArray(value)) return mismatch(value, `${goPackage}.${fieldType.struct}`);
      const error = walkStruct(value as Record<string, unknown>, fieldType, path, goPackage, unknown);
      if (error) return error;
    }
  }
  return undefined;
}

/** encoding/json's name of a JSON value's type in an UnmarshalTypeError. */
export function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'number' ? 'number' : 'string';
}

/** os.ReadFile's error text for the common causes. */
export function goOpenError(path: string, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `open ${path}: no such file or directory`;
  if (code === 'EACCES') return `open ${path}: permission denied`;
  if (code === 'EISDIR') return `read ${path}: is a directory`;
  return errorMessage(error);
}
