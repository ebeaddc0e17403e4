// YAML bodies read as kube-apiserver reads them: sigs.k8s.io/yaml over go-yaml v2, that is YAML 1.1 scalars
// (`yes`, `on`, `n` are booleans, `0777` is octal, `1_000` an integer; timestamps and sexagesimal numbers
// stay strings, as go-yaml v2 leaves them when decoding into interface{}), merge keys, the first document
// only, and map keys turned into strings as sigs.k8s.io/yaml turns them (booleans, integers, floats; a null
// or collection key is refused). The schema decode that follows then sees what upstream's JSON decoder
// would see (a `yes` where a string is wanted is a type error there too).
import YAML, { type Document, type Tags } from 'yaml';

/** go-yaml v2's resolvers: the YAML 1.1 schema without the tags it does not decode into interface{}. */
const GO_YAML_V2_UNSUPPORTED = new Set(['tag:yaml.org,2002:binary', 'tag:yaml.org,2002:omap', 'tag:yaml.org,2002:pairs', 'tag:yaml.org,2002:set', 'tag:yaml.org,2002:timestamp']);
const goYamlTags = (tags: Tags): Tags =>
  tags.filter((tag) => !(typeof tag === 'object' && (GO_YAML_V2_UNSUPPORTED.has(tag.tag) || ('format' in tag && tag.format === 'TIME'))));

// Warnings (an unresolved tag) are the decoder's business, not the server log's.
const OPTIONS = { version: '1.1', merge: true, uniqueKeys: false, customTags: goYamlTags, logLevel: 'error' } as const;

/** A value of the first document, or the reason it is not one (sigs.k8s.io/yaml's message, after upstream's prefix). */
export function decodeYaml(text: string): unknown {
  const documents = YAML.parseAllDocuments(text, OPTIONS);
  const first = (Array.isArray(documents) ? documents[0] : undefined) as Document | undefined;
  if (!first) return null;
  const [error] = first.errors;
  if (error) throw new Error(error.message);
  let value: unknown;
  try {
    // Maps as Maps: their keys are converted below, as sigs.k8s.io/yaml converts them.
    value = first.toJS({ mapAsMap: true });
  } catch (thrown) {
    if (thrown instanceof RangeError) throw new Error('yaml: exceeded max depth of 10000');
    throw thrown;
  }
  return toJson(value);
}

/** The JSON value of a decoded YAML value (upstream convertToJSONableObject), over an explicit stack. */
function toJson(root: unknown): unknown {
  const out = { value: root };
  const pending: { value: unknown; assign(converted: unknown): void }[] = [{ value: root, assign: (converted) => (out.value = converted) }];
  while (pending.length > 0) {
    const { value, assign } = pending.pop()!;
    if (value instanceof Map) {
      const object: Record<string, unknown> = {};
      assign(object);
      for (const [key, item] of value) {
        const name = keyString(key, item);
        pending.push({ value: item, assign: (converted) => (object[name] = converted) });
      }
    } else if (Array.isArray(value)) {
      const array: unknown[] = new Array<unknown>(value.length).fill(null);
      assign(array);
      value.forEach((item, i) => pending.push({ value: item, assign: (converted) => (array[i] = converted) }));
    } else {
      assign(value === undefined ? null : value);
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
  throw new Error(`unsupported map key of type: ${type}, key: ${goValue(key)}, value: ${goValue(value)}`);
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
