// The label selector lexer, token for token as upstream's (k8s.io/apimachinery/pkg/labels): identifiers
// run until whitespace or a special symbol; special symbols combine greedily into the longest operator.

/** Token kinds of upstream's lexer (keywords `in`/`notin` are tokens; the parser reads them as values where needed). */
export type TokenKind =
  | 'EndOfString'
  | 'ClosedPar'
  | 'Comma'
  | 'DoesNotExist'
  | 'DoubleEquals'
  | 'Equals'
  | 'GreaterThan'
  | 'Identifier'
  | 'In'
  | 'LessThan'
  | 'NotEquals'
  | 'NotIn'
  | 'OpenPar';

/** One lexed token and its literal text. */
export interface ScannedItem {
  kind: TokenKind;
  literal: string;
}

const LITERAL_TOKENS: ReadonlyMap<string, TokenKind> = new Map<string, TokenKind>([
  [')', 'ClosedPar'],
  [',', 'Comma'],
  ['!', 'DoesNotExist'],
  ['==', 'DoubleEquals'],
  ['=', 'Equals'],
  ['>', 'GreaterThan'],
  ['in', 'In'],
  ['<', 'LessThan'],
  ['!=', 'NotEquals'],
  ['notin', 'NotIn'],
  ['(', 'OpenPar'],
]);

const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecialSymbol = (ch: string): boolean => '=!(),><'.includes(ch);

/** Upstream reads byte 0 as the end of input; a NUL in the selector therefore ends it too. */
const atEnd = (s: string, pos: number): boolean => pos >= s.length || s[pos] === '\0';

function scanIdentifierOrKeyword(s: string, start: number): [ScannedItem, number] {
  let pos = start;
  while (!atEnd(s, pos) && !isSpecialSymbol(s[pos] ?? '') && !isWhitespace(s[pos] ?? '')) pos++;
  const literal = s.slice(start, pos);
  return [{ kind: LITERAL_TOKENS.get(literal) ?? 'Identifier', literal }, pos];
}

function scanSpecialSymbol(s: string, start: number): [ScannedItem, number] {
  let pos = start;
  let last: ScannedItem | undefined;
  let lastEnd = start;
  // Extend while the buffer still names an operator; stop at the first extension that does not.
  while (!atEnd(s, pos) && isSpecialSymbol(s[pos] ?? '')) {
    const kind = LITERAL_TOKENS.get(s.slice(start, pos + 1));
    if (kind) {
      last = { kind, literal: s.slice(start, pos + 1) };
      lastEnd = pos + 1;
    } else if (last) {
      break;
    }
    pos++;
  }
  // Every single special symbol is a token, so `last` is always set here.
  return [last ?? { kind: 'Identifier', literal: s.slice(start, pos) }, last ? lastEnd : pos];
}

/** Splits a selector into tokens, ending with an EndOfString token. */
export function lex(s: string): ScannedItem[] {
  const items: ScannedItem[] = [];
  let pos = 0;
  for (;;) {
    while (!atEnd(s, pos) && isWhitespace(s[pos] ?? '')) pos++;
    if (atEnd(s, pos)) {
      items.push({ kind: 'EndOfString', literal: '' });
      return items;
    }
    const [item, next] = isSpecialSymbol(s[pos] ?? '') ? scanSpecialSymbol(s, pos) : scanIdentifierOrKeyword(s, pos);
    items.push(item);
    pos = next;
  }
}
