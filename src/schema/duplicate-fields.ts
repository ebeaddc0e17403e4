// Duplicate fields in a request body (1-conventions: field validation). JSON.parse and YAML parsing keep
// the last of duplicate keys silently; upstream's strict decoders report them (`duplicate field "a.b"`),
// as errors under fieldValidation=Strict and as warnings under Warn.
import type { Node } from 'yaml';
import { yamlLibrary } from './yaml-library.js';
import { LiteralNumber } from './number-literals.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** Ends a number, true, false or null. */
const endsLiteral = (c: number): boolean => c === 0x2c || c === 0x7d || c === 0x5d || isSpace(c) || Number.isNaN(c);

/**
 * Field paths that occur more than once in one object of `text`, valid JSON that parsed into `parsed`.
 * Runs on every JSON write body, so it first counts: parsing keeps one key of each duplicate set, so
 * the text holds more keys than the parsed value exactly when some object repeats one. Only then is
 * the text walked again to name the paths.
 */
export function jsonDuplicateFields(text: string, parsed: unknown): string[] {
  return countTextKeys(text) === countParsedKeys(parsed) ? [] : namedDuplicates(text);
}

/** The keys of every object in a JSON text: its strings followed by a colon. */
function countTextKeys(text: string): number {
  let keys = 0;
  for (let open = text.indexOf('"'); open !== -1; ) {
    const close = closingQuote(text, open);
    let next = close + 1;
    while (isSpace(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) === 0x3a) keys++;
    open = text.indexOf('"', next);
  }
  return keys;
}

/** The index of the quote closing the string that opens at `open` (one not escaped by a backslash); -1 if none. */
export function closingQuote(text: string, open: number): number {
  for (let end = text.indexOf('"', open + 1); ; end = text.indexOf('"', end + 1)) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
  }
}

/** The keys of every object in a parsed JSON value (a stack, not recursion: bodies may nest deep); a LiteralNumber is a number. */
function countParsedKeys(root: unknown): number {
  let keys = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null || value instanceof LiteralNumber) continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    const object = value as Record<string, unknown>;
    for (const key in object) {
      keys++;
      pending.push(object[key]);
    }
  }
  return keys;
}

/** The paths of duplicates, walking the text with the segments of the current position on a stack. */
function namedDuplicates(text: string): string[] {
  const duplicates: string[] = [];
  const path: Array<string | number> = [];
  let i = 0;
  const skipSpace = (): void => {
    while (isSpace(text.charCodeAt(i))) i++;
  };
  /** Past the string starting at `i`; returns the index of its closing quote. */
  const skipString = (): number => {
    const start = i;
    i = closingQuote(text, start) + 1;
    return start;
  };
  const readKey = (): string => {
    const start = skipString();
    const raw = text.slice(start + 1, i - 1);
    return raw.includes('\\') ? (JSON.parse(text.slice(start, i)) as string) : raw;
  };
  const readValue = (): void => {
    skipSpace();
    const c = text.charCodeAt(i);
    if (c === 0x7b) return readObject();
    if (c === 0x5b) return readArray();
    if (c === QUOTE) {
      skipString();
      return;
    }
    while (i < text.length && !endsLiteral(text.charCodeAt(i))) i++;
  };
  const readObject = (): void => {
    i++;
    let seen: Set<string> | undefined;
    let first: string | undefined;
    for (;;) {
      skipSpace();
      if (text.charCodeAt(i) === 0x7d) break;
      const key = readKey();
      // Most objects are small: the Set is made at the second key.
      if (first === undefined) first = key;
      else {
        seen ??= new Set([first]);
        if (seen.has(key)) duplicates.push(spell([...path, key]));
        seen.add(key);
      }
      skipSpace();
      i++; // ':'
      path.push(key);
      readValue();
      path.pop();
      skipSpace();
      if (text.charCodeAt(i) === 0x2c) i++;
    }
    i++;
  };
  const readArray = (): void => {
    i++;
    for (let n = 0; ; n++) {
      skipSpace();
      if (text.charCodeAt(i) === 0x5d) break;
      path.push(n);
      readValue();
      path.pop();
      skipSpace();
      if (text.charCodeAt(i) === 0x2c) i++;
    }
    i++;
  };
  readValue();
  return duplicates;
}

/** `a.b[1].c` from its segments (kjson's strict path). */
function spell(segments: ReadonlyArray<string | number>): string {
  let out = '';
  for (const segment of segments) out += typeof segment === 'number' ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  return out;
}

/** The same for a YAML document (keys compared as scalars). */
export function yamlDuplicateFields(text: string): string[] {
  const { isMap, isSeq, isScalar, parseDocument } = yamlLibrary();
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
  walk(parseDocument(text, { uniqueKeys: false }).contents as Node | null, '');
  return duplicates;
}
