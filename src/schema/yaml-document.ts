// YAML request bodies read as kube-apiserver reads them: sigs.k8s.io/yaml over go-yaml v2. Bytes that are
// not UTF-8 and control characters are refused by go-yaml's reader; only the first document counts; scalars
// are YAML 1.1's (`yes`, `on`, `y` are booleans, `0777` is octal, `1_000` an integer; timestamps and
// sexagesimal numbers stay strings, as go-yaml v2 leaves them when decoding into interface{}); merge keys;
// map keys turned into strings as sigs.k8s.io/yaml turns them (booleans, integers, floats; a null or
// collection key is refused: "Unsupported map key"); aliases expanding past 100 are refused. The schema
// decode that follows then sees what upstream's JSON decoder would see (a `yes` where a string is wanted is a
// type error there too). Callers word the 400.
import type { Document, Tags } from 'yaml';
import { yamlLibrary } from './yaml-library.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** go-yaml's reader: tab, line breaks, printable ASCII, NEL and the printable Unicode planes; nothing else. */
const NOT_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** go-yaml v2's resolvers: the YAML 1.1 schema without the tags it does not decode into interface{}. */
const GO_YAML_V2_UNSUPPORTED = new Set(['tag:yaml.org,2002:binary', 'tag:yaml.org,2002:omap', 'tag:yaml.org,2002:pairs', 'tag:yaml.org,2002:set', 'tag:yaml.org,2002:timestamp']);
const goYamlTags = (tags: Tags): Tags =>
  tags.filter((tag) => !(typeof tag === 'object' && (GO_YAML_V2_UNSUPPORTED.has(tag.tag) || ('format' in tag && tag.format === 'TIME'))));

// Warnings (an unresolved tag) are the decoder's business, not the server log's.
const OPTIONS = { version: '1.1', merge: true, uniqueKeys: false, customTags: goYamlTags, logLevel: 'error' } as const;

/** The first YAML document of `body` as plain JSON values; throws an Error with go-yaml's or sigs.k8s.io/yaml's text. */
export function parseYamlDocument(body: Buffer | string): unknown {
  let text: string;
  if (typeof body === 'string') {
    text = body;
  } else {
    try {
      text = UTF8.decode(body);
    } catch {
      throw new Error('yaml: invalid leading UTF-8 octet');
    }
  }
  if (NOT_PRINTABLE.test(text)) throw new Error('yaml: control characters are not allowed');
  const documents = yamlLibrary().parseAllDocuments(text, OPTIONS);
  const first = (Array.isArray(documents) ? documents[0] : undefined) as Document | undefined;
  if (!first) return null;
  const [error] = first.errors;
  if (error) throw new Error(error.message);
  let value: unknown;
  try {
    // Maps as Maps: their keys are converted below, as sigs.k8s.io/yaml converts them.
    value = first.toJS({ mapAsMap: true, maxAliasCount: 100 });
  } catch (thrown) {
    if (thrown instanceof RangeError) throw new Error('yaml: exceeded max depth of 10000');
    throw thrown;
  }
  return toJson(value);
}

/**
 * The JSON value of a decoded YAML value (upstream convertToJSONableObject), over an explicit stack. An
 * alias inside its own anchor's value makes a cycle: refused, as go-yaml refuses it.
 */
function toJson(root: unknown): unknown {
  const out = { value: root };
  type Frame = { value: unknown; assign(converted: unknown): void } | { leave: object };
  const stack: Frame[] = [{ value: root, assign: (converted) => (out.value = converted) }];
  const open = new Set<object>();
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if ('leave' in frame) {
      open.delete(frame.leave);
      continue;
    }
    const { value, assign } = frame;
    if (!(value instanceof Map) && !Array.isArray(value)) {
      assign(value === undefined ? null : value);
      continue;
    }
    if (open.has(value)) throw new Error('yaml: anchor value contains itself');
    open.add(value);
    stack.push({ leave: value });
    if (value instanceof Map) {
      const object: Record<string, unknown> = {};
      assign(object);
      for (const [key, item] of value) {
        const name = keyString(key, item);
        // Placed now, filled when popped: the object keeps the document's key order.
        object[name] = null;
        stack.push({ value: item, assign: (converted) => (object[name] = converted) });
      }
    } else {
      const array: unknown[] = new Array<unknown>(value.length).fill(null);
      assign(array);
      value.forEach((item, i) => stack.push({ value: item, assign: (converted) => (array[i] = converted) }));
    }
  }
  return out.value;
}

/** A map key as sigs.k8s.io/yaml's yamlToJSON makes it: strings as they are, numbers and booleans printed. */
function keyString(key: unknown, value: unknown): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'boolean') return String(key);
  if (typeof key === 'number') return goFloatKey(key);
  const type = key === null || key === undefined ? '%!s(<nil>)' : Array.isArray(key) ? '[]interface {}' : 'map[interface {}]interface {}';
  throw new Error(`Unsupported map key of type: ${type}, key: ${goValue(key)}, value: ${goValue(value)}`);
}

const goValue = (value: unknown): string => (value === null || value === undefined ? '<nil>' : value instanceof Map ? 'map[...]' : JSON.stringify(value));

/** strconv.FormatFloat(k, 'g', -1, 32) for floats, decimal for integers, go-yaml's names for the specials. */
function goFloatKey(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 2 ** 53) return String(n);
  if (n === Infinity) return '.inf';
  if (n === -Infinity) return '-.inf';
  if (Number.isNaN(n)) return '.nan';
  return String(Number(Math.fround(n).toPrecision(7)));
}
