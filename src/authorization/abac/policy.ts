// The ABAC policy file of `--authorization-policy-file` (upstream pkg/auth/authorizer/abac NewFromFile and
// pkg/apis/abac): one JSON object a line; blank lines and lines starting with `#` (after spaces) are
// skipped. A line is an `abac.authorization.kubernetes.io/v1beta1` Policy (`{"apiVersion": ..., "kind":
// "Policy", "spec": {...}}`) or, without apiVersion or kind, an unversioned (v0) one with the fields at the
// top level. Both become one internal spec, with each version's conversion rules applied.
import { readFile } from 'node:fs/promises';
import { allAuthenticatedGroup as ALL_AUTHENTICATED } from '../../auth/user-info.js';
import { errorMessage } from '../../errors/error-message.js';

/** The internal policy spec (upstream abac.PolicySpec): what each version converts to. */
export interface PolicySpec {
  /** The user name, `''` (unset) or `*`. */
  readonly user: string;
  /** A group name, `''` (unset) or `*`. */
  readonly group: string;
  /** Matches only get, list and watch when true. */
  readonly readonly: boolean;
  readonly apiGroup: string;
  readonly resource: string;
  /** `*` matches every namespace, including cluster-scoped requests (namespace ''). */
  readonly namespace: string;
  /** `*`, an exact path, or a prefix ending in `*`. */
  readonly nonResourcePath: string;
}

export interface PolicyFile {
  readonly policies: readonly PolicySpec[];
  /** Warnings to log (unversioned lines), as upstream's klog warning. */
  readonly warnings: readonly string[];
}

const GROUP = 'abac.authorization.kubernetes.io';
const V1BETA1 = `${GROUP}/v1beta1`;
const V0 = `${GROUP}/v0`;
/** bufio.Scanner's largest line. */
const MAX_LINE_BYTES = 64 * 1024;

/** A line that could not be read (upstream policyLoadError). */
export class PolicyLoadError extends Error {
  override readonly name = 'PolicyLoadError';
}

/**
 * Reads the policy file at `path`.
 * @throws PolicyLoadError (or the file system's error, worded as Go's) with upstream's message.
 */
export async function loadPolicyFile(path: string): Promise<PolicyFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(goOpenError(path, error), { cause: error });
  }
  return parsePolicyFile(text, path);
}

/** The policies of a file's text; `path` names the file in errors and warnings. */
export function parsePolicyFile(text: string, path: string): PolicyFile {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const policies: PolicySpec[] = [];
  let unversioned = 0;
  for (const [index, raw] of lines.entries()) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (Buffer.byteLength(line) > MAX_LINE_BYTES) throw new PolicyLoadError(`error reading policy file ${path}: bufio.Scanner: token too long`);
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    try {
      const { spec, versioned } = parsePolicyLine(line);
      policies.push(spec);
      if (!versioned) unversioned++;
    } catch (error) {
      throw new PolicyLoadError(`error reading policy file ${path}, line ${index + 1}: ${line}: ${(error as Error).message}`, { cause: error });
    }
  }
  const warnings = unversioned > 0 ? [`Policy file ${path} contained unversioned rules. See docs/admin/authorization.md#abac-mode for ABAC file format details.`] : [];
  return { policies, warnings };
}

/** One line's spec, and whether it named its version. @throws Error with the decoder's message. */
export function parsePolicyLine(line: string): { spec: PolicySpec; versioned: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    throw new Error(`couldn't get version/kind; json parse error: ${goSyntaxError(error, line)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonKind(parsed)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  }
  const object = parsed as Record<string, unknown>;
  const apiVersion = typeMetaField(object, 'apiVersion');
  const kind = typeMetaField(object, 'kind');
  if (apiVersion === V1BETA1 && kind === 'Policy') return { spec: fromV1beta1(object), versioned: true };
  // Without a version or a kind, the line is decoded as the unversioned (v0) policy, missing parts
  // defaulted from it; anything else names a kind the ABAC scheme does not know.
  const version = apiVersion || V0;
  const kindOrDefault = kind || 'Policy';
  if (version === V0 && kindOrDefault === 'Policy') return { spec: fromV0(object), versioned: apiVersion !== '' && kind !== '' };
  throw new Error(`no kind ${JSON.stringify(kindOrDefault)} is registered for version ${JSON.stringify(version)} in scheme "pkg/apis/abac/register.go"`);
}

/** upstream v1beta1 conversion: `*` user or group means every authenticated user. */
function fromV1beta1(object: Record<string, unknown>): PolicySpec {
  const raw = object['spec'];
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    throw new Error(`json: cannot unmarshal ${jsonKind(raw)} into Go struct field Policy.spec of type v1beta1.PolicySpec`);
  }
  const spec = (raw ?? {}) as Record<string, unknown>;
  const field = (name: string): string => stringField(spec, name, 'PolicySpec.spec.');
  const parsed: PolicySpec = {
    user: field('user'),
    group: field('group'),
    readonly: boolField(spec, 'readonly', 'PolicySpec.spec.'),
    apiGroup: field('apiGroup'),
    resource: field('resource'),
    namespace: field('namespace'),
    nonResourcePath: field('nonResourcePath'),
  };
  return parsed.user === '*' || parsed.group === '*' ? { ...parsed, user: '', group: ALL_AUTHENTICATED } : parsed;
}

/**
 * upstream v0 conversion: no user and no group, or `*` for either, means every authenticated user; an
 * empty namespace or resource means all; every API group; with neither namespace nor resource, every
 * non-resource path too.
 */
function fromV0(object: Record<string, unknown>): PolicySpec {
  const field = (name: string): string => stringField(object, name, 'Policy.');
  const user = field('user');
  const group = field('group');
  const namespace = field('namespace');
  const resource = field('resource');
  const readonly = boolField(object, 'readonly', 'Policy.');
  const everyone = (user === '' && group === '') || user === '*' || group === '*';
  return {
    user: user === '*' || group === '*' ? '' : user,
    group: everyone ? ALL_AUTHENTICATED : group,
    readonly,
    apiGroup: '*',
    resource: resource || '*',
    namespace: namespace || '*',
    nonResourcePath: namespace === '' && resource === '' ? '*' : '',
  };
}

function typeMetaField(object: Record<string, unknown>, name: string): string {
  const value = object[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    throw new Error(`couldn't get version/kind; json parse error: json: cannot unmarshal ${jsonKind(value)} into Go struct field .${name} of type string`);
  }
  return value;
}

/** A string field, as Go's json decodes it: null leaves it empty, another type is an error. */
function stringField(object: Record<string, unknown>, name: string, path: string): string {
  const value = object[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go struct field ${path}${name} of type string`);
  return value;
}

function boolField(object: Record<string, unknown>, name: string, path: string): boolean {
  const value = object[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new Error(`json: cannot unmarshal ${jsonKind(value)} into Go struct field ${path}${name} of type bool`);
  return value;
}

/** encoding/json's name of a JSON value's kind. */
function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** V8's syntax error messages, and encoding/json's wording after the offending character. */
const SYNTAX_CONTEXTS: readonly [RegExp, string][] = [
  [/Expected property name/, 'looking for beginning of object key string'],
  [/Expected ',' or '}'/, 'after object key:value pair'],
  [/Expected ',' or ']'/, 'after array element'],
  [/Expected ':'/, 'after object key'],
  [/non-whitespace character after JSON/, 'after top-level value'],
];

/** encoding/json's wording of a syntax error in `text` (V8 names the position; Go the character there). */
function goSyntaxError(error: unknown, text: string): string {
  const message = errorMessage(error);
  const position = Number(/position (\d+)/.exec(message)?.[1] ?? NaN);
  const at = Number.isNaN(position) ? /Unexpected token '?(.)/.exec(message)?.[1] : text[position];
  if (at === undefined || /end of JSON input|Unterminated/.test(message)) return 'unexpected end of JSON input';
  const context = SYNTAX_CONTEXTS.find(([pattern]) => pattern.test(message))?.[1] ?? 'looking for beginning of value';
  return `invalid character ${JSON.stringify(at).replace(/^"|"$/g, "'")} ${context}`;
}

/** os.Open's error text for the common causes. */
function goOpenError(path: string, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `open ${path}: no such file or directory`;
  if (code === 'EACCES') return `open ${path}: permission denied`;
  if (code === 'EISDIR') return `read ${path}: is a directory`;
  return errorMessage(error);
}
