// What Go's `json.Unmarshal(data, &map[string]interface{}{})` reports for a document, so that the
// docker-config checks of Secret validation carry upstream's exact messages
// ("invalid character 'x' looking for beginning of value", "unexpected end of JSON input", ...).

class GoJsonSyntaxError extends Error {}

const END_OF_INPUT = 'unexpected end of JSON input';
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const DIGITS = /[0-9]/;
const HEX = /[0-9a-fA-F]/;

/** Go's quoteChar: the offending character as it appears in the message. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const quoted = JSON.stringify(c).slice(1, -1);
  return `'${quoted}'`;
}

/** A recursive-descent scan with the states and messages of Go's encoding/json scanner. */
class Scanner {
  private pos = 0;
  constructor(private readonly text: string) {}

  private peek(): string | undefined {
    return this.text[this.pos];
  }
  private next(): string {
    const c = this.text[this.pos++];
    if (c === undefined) throw new GoJsonSyntaxError(END_OF_INPUT);
    return c;
  }
  private fail(c: string, context: string): never {
    throw new GoJsonSyntaxError(`invalid character ${quoteChar(c)} ${context}`);
  }
  private skipSpace(): void {
    while (WHITESPACE.has(this.peek() ?? '')) this.pos++;
  }

  /** Scan one whole document; returns the kind of its top-level value. */
  document(): string {
    const kind = this.value();
    this.skipSpace();
    const rest = this.peek();
    if (rest !== undefined) this.fail(rest, 'after top-level value');
    return kind;
  }

  private value(): string {
    this.skipSpace();
    const c = this.next();
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string('in string literal');
    if (c === '-' || DIGITS.test(c)) return this.number(c);
    if (c === 't') return this.literal('true', 'bool');
    if (c === 'f') return this.literal('false', 'bool');
    if (c === 'n') return this.literal('null', 'null');
    return this.fail(c, 'looking for beginning of value');
  }

  private object(): string {
    this.skipSpace();
    if (this.peek() === '}') return (this.pos++, 'object');
    for (;;) {
      const quote = this.next();
      if (quote !== '"') this.fail(quote, 'looking for beginning of object key string');
      this.string('in string literal');
      this.skipSpace();
      const colon = this.next();
      if (colon !== ':') this.fail(colon, 'after object key');
      this.value();
      this.skipSpace();
      const c = this.next();
      if (c === '}') return 'object';
      if (c !== ',') this.fail(c, 'after object key:value pair');
      this.skipSpace();
    }
  }

  private array(): string {
    this.skipSpace();
    if (this.peek() === ']') return (this.pos++, 'array');
    for (;;) {
      this.value();
      this.skipSpace();
      const c = this.next();
      if (c === ']') return 'array';
      if (c !== ',') this.fail(c, 'after array element');
    }
  }

  private string(context: string): string {
    for (;;) {
      const c = this.next();
      if (c === '"') return 'string';
      if (c < ' ') this.fail(c, context);
      if (c === '\\') this.escape();
    }
  }

  private escape(): void {
    const c = this.next();
    if (c === 'u') {
      for (let i = 0; i < 4; i++) {
        const h = this.next();
        if (!HEX.test(h)) this.fail(h, 'in \\u hexadecimal character escape');
      }
    } else if (!'"\\/bfnrt'.includes(c)) {
      this.fail(c, 'in string escape code');
    }
  }

  private digits(): void {
    while (DIGITS.test(this.peek() ?? '')) this.pos++;
  }

  private number(first: string): string {
    let c = first;
    if (c === '-') {
      c = this.next();
      if (!DIGITS.test(c)) this.fail(c, 'in numeric literal');
    }
    if (c !== '0') this.digits();
    if (this.peek() === '.') {
      this.pos++;
      const d = this.next();
      if (!DIGITS.test(d)) this.fail(d, 'after decimal point in numeric literal');
      this.digits();
    }
    if (this.peek() === 'e' || this.peek() === 'E') {
      this.pos++;
      let d = this.next();
      if (d === '+' || d === '-') d = this.next();
      if (!DIGITS.test(d)) this.fail(d, 'in exponent of numeric literal');
      this.digits();
    }
    return 'number';
  }

  private literal(word: string, kind: string): string {
    for (let i = 1; i < word.length; i++) {
      const c = this.next();
      const expected = word[i] ?? '';
      if (c !== expected) this.fail(c, `in literal ${word} (expecting ${quoteChar(expected)})`);
    }
    return kind;
  }
}

/**
 * The error Go's json.Unmarshal into `map[string]interface{}` returns for `bytes`, or undefined when
 * it succeeds (an object or `null`).
 */
export function goJsonObjectError(bytes: Buffer): string | undefined {
  let kind: string;
  try {
    kind = new Scanner(bytes.toString('utf8')).document();
  } catch (error) {
    if (error instanceof GoJsonSyntaxError) return error.message;
    throw error;
  }
  if (kind === 'object' || kind === 'null') return undefined;
  return `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`;
}
