/** One CSV record and the line it starts on (1-based). */
export interface CsvRecord {
  readonly line: number;
  readonly fields: readonly string[];
}

/**
 * Parses CSV the way Go's `encoding/csv` reader does with its defaults (upstream reads the token
 * file with it): comma separated; fields may be quoted, `""` is a quote inside a quoted field,
 * quoted fields may span lines; CRLF counts as LF; empty lines are skipped; records may have
 * different field counts; no comment lines; spaces are kept. A stray quote is an error.
 * @throws Error `parse error on line L, column C: ...` (prefixed with the record's line when it differs).
 */
export function parseCsv(text: string): CsvRecord[] {
  const cursor = { text, i: 0, line: 1, lineStart: 0 };
  const records: CsvRecord[] = [];
  while (cursor.i < text.length) {
    if (atNewline(cursor)) {
      skipNewline(cursor); // empty line
      continue;
    }
    const line = cursor.line;
    records.push({ line, fields: readRecord(cursor, line) });
  }
  return records;
}

interface Cursor {
  readonly text: string;
  i: number;
  line: number;
  lineStart: number;
}

function readRecord(cursor: Cursor, recordLine: number): string[] {
  const fields: string[] = [];
  for (;;) {
    fields.push(cursor.text[cursor.i] === '"' ? readQuoted(cursor, recordLine) : readUnquoted(cursor, recordLine));
    if (cursor.text[cursor.i] !== ',') break;
    cursor.i++;
  }
  if (atNewline(cursor)) skipNewline(cursor);
  return fields;
}

function readUnquoted(cursor: Cursor, recordLine: number): string {
  const start = cursor.i;
  while (cursor.i < cursor.text.length && cursor.text[cursor.i] !== ',' && !atNewline(cursor)) {
    if (cursor.text[cursor.i] === '"') throw parseError(cursor, recordLine, 'bare " in non-quoted-field');
    cursor.i++;
  }
  return cursor.text.slice(start, cursor.i);
}

function readQuoted(cursor: Cursor, recordLine: number): string {
  const { text } = cursor;
  let value = '';
  cursor.i++; // opening quote
  for (;;) {
    if (cursor.i >= text.length) throw parseError(cursor, recordLine, 'extraneous or missing " in quoted-field');
    if (atNewline(cursor)) {
      skipNewline(cursor);
      value += '\n';
      continue;
    }
    const char = text[cursor.i];
    cursor.i++;
    if (char !== '"') {
      value += char;
      continue;
    }
    if (text[cursor.i] === '"') {
      value += '"';
      cursor.i++;
      continue;
    }
    if (cursor.i >= text.length || text[cursor.i] === ',' || atNewline(cursor)) return value;
    throw parseError(cursor, recordLine, 'extraneous or missing " in quoted-field');
  }
}

function atNewline(cursor: Cursor): boolean {
  const char = cursor.text[cursor.i];
  return char === '\n' || (char === '\r' && cursor.text[cursor.i + 1] === '\n');
}

function skipNewline(cursor: Cursor): void {
  cursor.i += cursor.text[cursor.i] === '\r' ? 2 : 1;
  cursor.line++;
  cursor.lineStart = cursor.i;
}

function parseError(cursor: Cursor, recordLine: number, message: string): Error {
  const where = `parse error on line ${cursor.line}, column ${cursor.i - cursor.lineStart + 1}: ${message}`;
  return new Error(recordLine === cursor.line ? where : `record on line ${recordLine}; ${where}`);
}
