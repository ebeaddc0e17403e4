// Whether one set of rules grants everything another does (upstream rbac validation.Covers): the asked
// rules are broken down into single verb/group/resource (or verb/URL) rules, and each piece must be
// allowed by some owner rule. What is not covered is returned as those pieces.
import type { PolicyRule } from '../../../apis/rbac/v1/schemas.generated.js';
import { sameRule } from '../aggregation.js';

const ALL = '*';

/** upstream BreakdownRule: one rule per group x resource x verb (names kept), then one per URL x verb. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const pieces: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        pieces.push({ apiGroups: [group], resources: [resource], verbs: [verb], ...(rule.resourceNames && { resourceNames: [...rule.resourceNames] }) });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) {
    for (const verb of rule.verbs) pieces.push({ nonResourceURLs: [url], verbs: [verb] });
  }
  return pieces;
}

const hasAll = (set: readonly string[], wanted: readonly string[]): boolean => wanted.every((w) => set.includes(w));

// upstream resourceCoversAll: "*", the resource itself, or "*/" followed by its subresource.
function resourcesCover(owned: readonly string[], wanted: readonly string[]): boolean {
  if (owned.includes(ALL)) return true;
  return wanted.every((r) => owned.includes(r) || (r.includes('/') && owned.includes(`*/${r.slice(r.indexOf('/') + 1)}`)));
}

/** upstream nonResourceURLsCoversAll: exact, `*`, or a `prefix*` owner. */
function urlsCover(owned: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((url) => owned.some((o) => o === url || o === ALL || (o.endsWith(ALL) && url.startsWith(o.slice(0, -1)))));
}

/** upstream ruleCovers. */
export function ruleCovers(owner: PolicyRule, piece: PolicyRule): boolean {
  const verbs = owner.verbs.includes(ALL) || hasAll(owner.verbs, piece.verbs);
  const groups = (owner.apiGroups ?? []).includes(ALL) || hasAll(owner.apiGroups ?? [], piece.apiGroups ?? []);
  // An owner limited to names covers only pieces limited to some of those names.
  const ownerNames = owner.resourceNames ?? [];
  const pieceNames = piece.resourceNames ?? [];
  const names = ownerNames.length === 0 || (pieceNames.length > 0 && hasAll(ownerNames, pieceNames));
  return verbs && groups && names && resourcesCover(owner.resources ?? [], piece.resources ?? []) && urlsCover(owner.nonResourceURLs ?? [], piece.nonResourceURLs ?? []);
}

/** upstream Covers: whether `owner` grants all of `wanted`, and the pieces of `wanted` it does not. */
export function covers(owner: readonly PolicyRule[], wanted: readonly PolicyRule[]): { covers: boolean; uncovered: PolicyRule[] } {
  // A wanted rule the owner holds as it is needs no breaking down: the common case at every start.
  const uncovered = wanted
    .filter((rule) => !owner.some((o) => sameRule(o, rule)))
    .flatMap(breakdownRule)
    .filter((piece) => !owner.some((rule) => ruleCovers(rule, piece)));
  return { covers: uncovered.length === 0, uncovered };
}
