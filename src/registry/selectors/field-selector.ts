// Field selectors as the `fieldSelector` query parameter spells them (upstream fields.ParseSelector):
// `f=v`, `f==v`, `f!=v`, comma-separated and ANDed; `\,`, `\=` and `\\` escape characters in values.
// The kind decides which fields exist; unknown ones are a 400 with the 1.25 wording.
import { badRequest } from '../../errors/status-error.js';
import { goQuote } from './go-format.js';

/** `=` and `==` both mean equality; `!=` inequality. */
export type FieldOperator = '=' | '==' | '!=';

/** One `field OP value` term. */
export interface FieldRequirement {
  readonly field: string;
  readonly operator: FieldOperator;
  /** The unescaped value. */
  readonly value: string;
}

/** A parsed field selector: requirements in upstream's order (terms sorted as written), all ANDed. */
export interface FieldSelector {
  readonly requirements: readonly FieldRequirement[];
  /** True when nothing is restricted. */
  readonly empty: boolean;
  /** A missing field reads as the empty string, as upstream's fields.Set. */
  matches(fields: Readonly<Record<string, string>>): boolean;
  toString(): string;
}

/** Splits on commas that are not escaped; escapes stay in the terms. */
function splitTerms(s: string): string[] {
  if (s === '') return [];
  const terms: string[] = [];
  let start = 0;
  let escaped = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (escaped) escaped = false;
    else if (c === '\\') escaped = true;
    else if (c === ',') {
      terms.push(s.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(s.slice(start));
  return terms;
}

/** The first operator occurrence splits the term; `!=` then `==` then `=` are tried at each position. */
function splitTerm(term: string): [string, FieldOperator, string] | undefined {
  for (let i = 0; i < term.length; i++) {
    for (const op of ['!=', '==', '='] as const) {
      if (term.startsWith(op, i)) return [term.slice(0, i), op, term.slice(i + op.length)];
    }
  }
  return undefined;
}

/** Upstream UnescapeValue, with its error texts (a bare `,` or `=` is printed as its code point, as Go's %v of a rune). */
export function unescapeFieldValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let escaped = false;
  for (const c of s) {
    if (escaped) {
      if (c !== '\\' && c !== ',' && c !== '=') throw badRequest(`invalid field selector: invalid escape sequence: \\${c}`);
      out += c;
      escaped = false;
    } else if (c === '\\') {
      escaped = true;
    } else if (c === ',' || c === '=') {
      throw badRequest(`invalid field selector: unescaped character in value: ${c.codePointAt(0) ?? 0}`);
    } else {
      out += c;
    }
  }
  if (escaped) throw badRequest('invalid field selector: invalid escape sequence: \\');
  return out;
}

/** Upstream EscapeValue: the inverse of unescapeFieldValue. */
export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

function selectorOf(requirements: readonly FieldRequirement[]): FieldSelector {
  return {
    requirements,
    empty: requirements.length === 0,
    matches: (fields) =>
      requirements.every((r) => {
        const actual = Object.prototype.hasOwnProperty.call(fields, r.field) ? (fields[r.field] ?? '') : '';
        return r.operator === '!=' ? actual !== r.value : actual === r.value;
      }),
    toString: () => requirements.map((r) => `${r.field}${r.operator === '!=' ? '!=' : '='}${escapeFieldValue(r.value)}`).join(','),
  };
}

/** Parses a `fieldSelector` string; a malformed one is a 400 BadRequest with upstream's message. */
export function parseFieldSelector(s: string): FieldSelector {
  const requirements: FieldRequirement[] = [];
  for (const term of splitTerms(s).sort()) {
    if (term === '') continue;
    const parts = splitTerm(term);
    if (!parts) throw badRequest(`invalid selector: '${s}'; can't understand '${term}'`);
    const [fieldName, operator, raw] = parts;
    requirements.push({ field: fieldName, operator, value: unescapeFieldValue(raw) });
  }
  return selectorOf(requirements);
}

/**
 * How an unknown field is reported: most built-in kinds register their own field label conversion
 * (`field label not supported: <field>`); kinds without one fall back to the scheme's default
 * (`"<field>" is not a known field selector: only "metadata.name", "metadata.namespace"`).
 */
export type FieldSelectorErrorStyle = 'labelNotSupported' | 'notAKnownFieldSelector';

/** Rejects a selector on fields the kind does not index; the first unknown field (in term order) is reported. */
export function validateFieldSelector(sel: FieldSelector, supported: readonly string[], style: FieldSelectorErrorStyle = 'labelNotSupported'): void {
  const unknown = sel.requirements.find((r) => !supported.includes(r.field));
  if (!unknown) return;
  if (style === 'labelNotSupported') throw badRequest(`field label not supported: ${unknown.field}`);
  throw badRequest(`${goQuote(unknown.field)} is not a known field selector: only "metadata.name", "metadata.namespace"`);
}

/** Upstream RequiresExactMatch: the value `field` must equal for anything to match, if the selector pins one. */
export function requiresExactMatch(sel: FieldSelector, fieldName: string): string | undefined {
  return sel.requirements.find((r) => r.field === fieldName && r.operator !== '!=')?.value;
}

/** The one object name a selector pins (`metadata.name=x`), so a list or watch can read a single key. */
export function singleObjectName(sel: FieldSelector): string | undefined {
  return requiresExactMatch(sel, 'metadata.name');
}
