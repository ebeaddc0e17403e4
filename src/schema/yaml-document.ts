// YAML request bodies read as upstream reads them (sigs.k8s.io/yaml over go-yaml v2): bytes that are not
// UTF-8 and control characters are refused by go-yaml's reader, only the first document counts, and
// keys that are not scalars cannot become JSON ("Unsupported map key"). Callers word the 400.
import YAML, { isCollection, isMap, isPair, visit } from 'yaml';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** go-yaml's reader: tab, line breaks, printable ASCII, NEL and the printable Unicode planes; nothing else. */
const NOT_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/**
 * Parses the first YAML document of `body` into plain values (YAML 1.2, merge keys, repeated keys
 * allowed: the field-validation checks report them). Throws an Error with go-yaml's or sigs.k8s.io/yaml's
 * text when upstream's decoder fails.
 */
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
  const first = YAML.parseAllDocuments(text, { version: '1.2', merge: true, uniqueKeys: false });
  const document = Array.isArray(first) ? first[0] : undefined;
  if (!document) return null;
  const error = document.errors[0];
  if (error) throw new Error(error.message);
  visit(document, {
    Pair(_, pair) {
      if (isPair(pair) && isCollection(pair.key)) {
        throw new Error(`Unsupported map key of type: ${isMap(pair.key) ? 'map[interface {}]interface {}' : '[]interface {}'}, key: ${String(pair.key)}`);
      }
    },
  });
  return document.toJS({ maxAliasCount: 100 }) as unknown;
}
