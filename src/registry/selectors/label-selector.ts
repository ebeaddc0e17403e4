// Label selectors as the `labelSelector` query parameter spells them (upstream labels.Parse):
// `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, `a>1`, `a<1`, comma-separated and ANDed.
// Parse failures are 400 BadRequest with upstream's exact message (1-conventions: list parameters).
import { badRequest } from '../../errors/status-error.js';
import { lex, type ScannedItem, type TokenKind } from './label-lexer.js';
import { labelKeyError, newRequirement, requirementMatches, requirementString } from './label-requirement.js';
import type { LabelOperator, Requirement } from './label-requirement.js';

export type { LabelOperator, Requirement } from './label-requirement.js';

/** A parsed label selector: requirements sorted by key, all of which must hold. */
export interface LabelSelector {
  matches(labels: Readonly<Record<string, string>> | undefined): boolean;
  /** True when the selector does not restrict anything (it matches every object). */
  readonly empty: boolean;
  readonly requirements: readonly Requirement[];
  /** Canonical form (upstream Selector.String()). */
  toString(): string;
}

/** Builds the selector of a list of requirements (sorted by key, stably, as upstream). */
export function selectorOf(requirements: readonly Requirement[]): LabelSelector {
  const sorted = [...requirements].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    requirements: sorted,
    empty: sorted.length === 0,
    matches: (labels) => sorted.every((r) => requirementMatches(r, labels ?? {})),
    toString: () => sorted.map(requirementString).join(','),
  };
}

/** Matches everything (an absent or empty selector). */
export const everything: LabelSelector = selectorOf([]);

/** Matches nothing (upstream labels.Nothing(), e.g. a nil meta/v1 LabelSelector). */
export const nothing: LabelSelector = {
  requirements: [],
  empty: false,
  matches: () => false,
  toString: () => '',
};

const BINARY_OPERATORS = 'in, notin, =, ==, !=, gt, lt';

/** Thrown inside the parser; turned into one BadRequest by parseLabelSelector. */
class ParseError extends Error {}

/** Recursive descent over the scanned tokens (upstream Parser), with upstream's error texts. */
class Parser {
  private position = 0;
  constructor(private readonly items: readonly ScannedItem[]) {}

  /** In a values context `in` and `notin` are plain identifiers. */
  private peek(values = true): ScannedItem {
    const item = this.items[Math.min(this.position, this.items.length - 1)] ?? { kind: 'EndOfString', literal: '' };
    return values && (item.kind === 'In' || item.kind === 'NotIn') ? { kind: 'Identifier', literal: item.literal } : item;
  }

  private next(values = true): ScannedItem {
    const item = this.peek(values);
    this.position++;
    return item;
  }

  parse(): Requirement[] {
    const requirements: Requirement[] = [];
    for (;;) {
      const { kind, literal } = this.peek();
      if (kind === 'EndOfString') return requirements;
      if (kind !== 'Identifier' && kind !== 'DoesNotExist') throw new ParseError(`found '${literal}', expected: !, identifier, or 'end of string'`);
      requirements.push(this.requirementOrThrow());
      const after = this.next();
      if (after.kind === 'EndOfString') return requirements;
      if (after.kind !== 'Comma') throw new ParseError(`found '${after.literal}', expected: ',' or 'end of string'`);
      const following = this.peek();
      if (following.kind !== 'Identifier' && following.kind !== 'DoesNotExist') {
        throw new ParseError(`found '${following.literal}', expected: identifier after ','`);
      }
    }
  }

  private requirementOrThrow(): Requirement {
    try {
      return this.requirement();
    } catch (e) {
      if (e instanceof ParseError) throw new ParseError(`unable to parse requirement: ${e.message}`);
      throw e;
    }
  }

  private requirement(): Requirement {
    const [key, inferred] = this.keyAndInferredOperator();
    let operator: LabelOperator;
    let values: string[];
    if (inferred) {
      operator = inferred;
      values = [];
    } else {
      operator = this.operator();
      values = operator === 'in' || operator === 'notin' ? this.valueSet() : this.exactValue();
    }
    const result = newRequirement(key, operator, [...new Set(values)].sort());
    if (typeof result === 'string') throw new ParseError(result);
    return result;
  }

  /** Reads `[!]key`; infers `exists`/`!` when the requirement ends right after the key. */
  private keyAndInferredOperator(): [string, LabelOperator | undefined] {
    let item = this.next();
    const negated = item.kind === 'DoesNotExist';
    if (negated) item = this.next();
    if (item.kind !== 'Identifier') throw new ParseError(`found '${item.literal}', expected: identifier`);
    const keyErr = labelKeyError(item.literal, '<nil>');
    if (keyErr) throw new ParseError(keyErr);
    const ahead = this.peek().kind;
    if (negated) return [item.literal, '!'];
    return [item.literal, ahead === 'EndOfString' || ahead === 'Comma' ? 'exists' : undefined];
  }

  private operator(): LabelOperator {
    const { kind, literal } = this.next(false);
    const ops: Partial<Record<TokenKind, LabelOperator>> = {
      In: 'in',
      Equals: '=',
      DoubleEquals: '==',
      GreaterThan: 'gt',
      LessThan: 'lt',
      NotIn: 'notin',
      NotEquals: '!=',
    };
    const op = ops[kind];
    if (!op) throw new ParseError(`found '${literal}', expected: ${BINARY_OPERATORS}`);
    return op;
  }

  /** `( v1, v2 )`; empty entries stand for the empty value, `()` is the set {""}. */
  private valueSet(): string[] {
    const open = this.next();
    if (open.kind !== 'OpenPar') throw new ParseError(`found '${open.literal}' expected: '('`);
    const first = this.peek();
    if (first.kind === 'ClosedPar') {
      this.next();
      return [''];
    }
    if (first.kind !== 'Identifier' && first.kind !== 'Comma') throw new ParseError(`found '${first.literal}', expected: ',', ')' or identifier`);
    const values = this.identifierList();
    // The list only ends before ')'; the check (and its message naming the first token) mirrors upstream.
    if (this.next().kind !== 'ClosedPar') throw new ParseError(`found '${first.literal}', expected: ')'`);
    return values;
  }

  private identifierList(): string[] {
    const values: string[] = [];
    for (;;) {
      const item = this.next();
      if (item.kind === 'Identifier') {
        values.push(item.literal);
        const ahead = this.peek();
        if (ahead.kind === 'ClosedPar') return values;
        if (ahead.kind !== 'Comma') throw new ParseError(`found '${ahead.literal}', expected: ',' or ')'`);
      } else if (item.kind === 'Comma') {
        if (values.length === 0) values.push('');
        const ahead = this.peek().kind;
        if (ahead === 'ClosedPar') {
          values.push('');
          return values;
        }
        if (ahead === 'Comma') {
          this.next();
          values.push('');
        }
      } else {
        throw new ParseError(`found '${item.literal}', expected: ',', or identifier`);
      }
    }
  }

  /** The value after `=`, `==`, `!=`, `>`, `<`; nothing before `,` or the end is the empty value. */
  private exactValue(): string[] {
    const ahead = this.peek().kind;
    if (ahead === 'EndOfString' || ahead === 'Comma') return [''];
    const item = this.next();
    if (item.kind !== 'Identifier') throw new ParseError(`found '${item.literal}', expected: identifier`);
    return [item.literal];
  }
}

/**
 * Parses a `labelSelector` string; throws a 400 BadRequest StatusError with upstream's message
 * (`unable to parse requirement: ...`, `found '...', expected: ...`) when it is malformed.
 */
export function parseLabelSelector(s: string): LabelSelector {
  try {
    return selectorOf(new Parser(lex(s)).parse());
  } catch (e) {
    if (e instanceof ParseError) throw badRequest(e.message);
    throw e;
  }
}
