// Which form of /openapi/v2 a request gets, as kube-openapi's handler chose it in 1.25 (handler.go of
// 2022, over munnerz/goautoneg): the Accept clauses are sorted by goautoneg's order, and the first clause
// that one of the two served types matches wins; none matching is 406. Matching is exact
// (case-sensitive), `*` stands for any type or subtype, and a clause's q-value only orders: `q=0` is
// not a refusal there.

/** One Accept clause as goautoneg reads it. */
export interface AcceptClause {
  type: string;
  subType: string;
  q: number;
}

/** The forms /openapi/v2 serves, in kube-openapi's order (JSON first, for `*` matches). */
const SERVED = [
  { type: 'application', subType: 'json', form: 'json' },
  // The only protobuf type 1.25's kube-openapi knows; the form without `@` came in 2023.
  { type: 'application', subType: 'com.github.proto-openapi.spec.v2@v1.0+protobuf', form: 'protobuf' },
] as const;

export type OpenApiV2Form = (typeof SERVED)[number]['form'];

/** The form to serve for this Accept header, or undefined for 406 Not Acceptable. */
export function negotiateOpenApiV2(accept: string | undefined): OpenApiV2Form | undefined {
  for (const clause of parseGoautonegAccept(accept || '*/*')) {
    for (const served of SERVED) {
      if (clause.type !== served.type && clause.type !== '*') continue;
      if (clause.subType !== served.subType && clause.subType !== '*') continue;
      return served.form;
    }
  }
  return undefined;
}

/** goautoneg.ParseAccept: clauses split on `,` and `;`, trimmed of spaces, then sorted. */
export function parseGoautonegAccept(header: string): AcceptClause[] {
  const clauses: AcceptClause[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...params] = trimSpaces(part).split(';');
    const pieces = range.split('/');
    const type = trimSpaces(pieces[0] ?? '');
    let subType: string;
    if (pieces.length === 1 && type === '*') subType = '*';
    else if (pieces.length === 2) subType = trimSpaces(pieces[1] ?? '');
    else continue;
    let q = 1;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq < 0) continue;
      // The value is not trimmed: `q= 0.5` fails to parse and counts as 0, as upstream.
      if (trimSpaces(param.slice(0, eq)) === 'q') q = parseFloat32(param.slice(eq + 1));
    }
    clauses.push({ type, subType, q });
  }
  return goSort(clauses, acceptLess);
}

/**
 * goautoneg's Less, which is not a strict order: a concrete type counts as less than a wildcard one even
 * when its q is lower, so the result depends on the header's order and on the sort algorithm, hence
 * Go's: sort.Sort sorts up to 12 elements by insertion (Go 1.19, which built 1.25).
 */
function acceptLess(a: AcceptClause, b: AcceptClause): boolean {
  if (a.q > b.q) return true;
  if (a.type !== '*' && b.type === '*') return true;
  if (a.subType !== '*' && b.subType === '*') return true;
  return false;
}

/** Go's insertion sort bound in sort.Sort (Go 1.19): longer inputs are sorted by pdqsort. */
const GO_INSERTION_SORT_MAX = 12;

/**
 * sort.Sort's order for up to 12 elements; above that an O(n log n) sort, so that a header of many
 * thousand clauses (headers may be 1 MiB) cannot hold the event loop: the order of clauses that
 * goautoneg's Less cannot rank may then differ from pdqsort's.
 */
function goSort<T>(items: T[], less: (a: T, b: T) => boolean): T[] {
  if (items.length > GO_INSERTION_SORT_MAX) return items.sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
  for (let i = 1; i < items.length; i++) {
    for (let j = i; j > 0 && less(items[j]!, items[j - 1]!); j--) [items[j - 1], items[j]] = [items[j]!, items[j - 1]!];
  }
  return items;
}

/** strings.Trim(s, " "): spaces only, not tabs. */
function trimSpaces(s: string): string {
  return s.replace(/^ +| +$/g, '');
}

/**
 * strconv.ParseFloat(s, 32) with its error ignored: a decimal number rounded to float32 (past its range,
 * ±Inf), `inf`/`infinity`/`nan` in any case; anything else is 0. (Go's hexadecimal floats read as 0 here.)
 */
function parseFloat32(s: string): number {
  if (/^[+-]?(inf|infinity)$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(s)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return 0;
  return Math.fround(Number(s));
}
