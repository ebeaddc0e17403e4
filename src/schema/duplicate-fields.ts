// Duplicate fields in a request body (1-conventions: field validation). JSON.parse and YAML parsing keep
// the last of duplicate keys silently; upstream's strict decoders report them (`duplicate field "a.b"`),
// as errors under fieldValidation=Strict and as warnings under Warn.
import YAML, { isMap, isSeq, isScalar, type Node } from 'yaml';

/** Field paths that occur more than once in one object of a JSON text that already parsed. */
export function jsonDuplicateFields(text: string): string[] {
  const duplicates: string[] = [];
  let i = 0;
  const skipSpace = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const readString = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const readValue = (path: string): void => {
    skipSpace();
    const c = text[i];
    if (c === '{') return readObject(path);
    if (c === '[') return readArray(path);
    if (c === '"') {
      readString();
      return;
    }
    while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i++;
  };
  const readObject = (path: string): void => {
    i++;
    const seen = new Set<string>();
    for (;;) {
      skipSpace();
      if (text[i] === '}') break;
      const key = readString();
      const child = path ? `${path}.${key}` : key;
      if (seen.has(key)) duplicates.push(child);
      seen.add(key);
      skipSpace();
      i++; // ':'
      readValue(child);
      skipSpace();
      if (text[i] === ',') i++;
    }
    i++;
  };
  const readArray = (path: string): void => {
    i++;
    for (let n = 0; ; n++) {
      skipSpace();
      if (text[i] === ']') break;
      readValue(`${path}[${n}]`);
      skipSpace();
      if (text[i] === ',') i++;
    }
    i++;
  };
  readValue('');
  return duplicates;
}

/** The same for a YAML document (keys compared as scalars). */
export function yamlDuplicateFields(text: string): string[] {
  const duplicates: string[] = [];
  const walk = (node: Node | null | undefined, path: string): void => {
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const child = path ? `${path}.${key}` : key;
        if (seen.has(key)) duplicates.push(child);
        seen.add(key);
        walk(pair.value as Node | null, child);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, n) => walk(item as Node | null, `${path}[${n}]`));
    }
  };
  walk(YAML.parseDocument(text, { uniqueKeys: false }).contents as Node | null, '');
  return duplicates;
}
