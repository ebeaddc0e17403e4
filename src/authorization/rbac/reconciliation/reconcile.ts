// What reconciling one default RBAC object against what is stored does (upstream pkg/registry/rbac/reconciliation,
// computeReconciledRole and computeReconciledRoleBinding, in the union mode the bootstrap hook uses): labels
// and annotations are merged (stored values win), missing rules (as broken-down pieces) or missing subjects
// are appended, missing aggregation selectors are added, and a binding whose roleRef differs is recreated.
// An object annotated `rbac.authorization.kubernetes.io/autoupdate: "false"` is protected: left as it is.
import type { KubeObject } from '../../../apis/meta/v1/types.js';
import type { LabelSelector } from '../../../apis/meta/v1/schemas.generated.js';
import type { AggregationRule, ClusterRole, PolicyRule, RoleRef, Subject } from '../../../apis/rbac/v1/schemas.generated.js';
import { AUTO_UPDATE_ANNOTATION } from '../bootstrap-policy/rule-builder.js';
import { sameRule } from '../aggregation.js';
import { covers } from '../policy-comparator.js';

/** What to do with one object: nothing, update to `object`, or delete the stored one and create `object`. */
export type Reconciled<T> = { operation: 'none' } | { operation: 'update' | 'recreate'; object: T };

/** A Role or ClusterRole as reconciliation sees it. */
export type RuleOwner = KubeObject & Pick<ClusterRole, 'rules' | 'aggregationRule'>;
/** A RoleBinding or ClusterRoleBinding as reconciliation sees it. */
export type RoleBindingLike = KubeObject & { roleRef: RoleRef; subjects?: Subject[] };

export const isProtected = (existing: KubeObject): boolean => existing.metadata.annotations?.[AUTO_UPDATE_ANNOTATION] === 'false';

const sameMap = (a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean => {
  const ae = Object.entries(a ?? {});
  return ae.length === Object.keys(b ?? {}).length && ae.every(([k, v]) => b?.[k] === v);
};

/** The labels and annotations `existing` gets (expected ones added, stored values win), when that changes them. */
function mergedMetadata(existing: Readonly<KubeObject>, expected: Readonly<KubeObject>): { labels: Record<string, string>; annotations: Record<string, string> } | undefined {
  const labels = { ...expected.metadata.labels, ...existing.metadata.labels };
  const annotations = { ...expected.metadata.annotations, ...existing.metadata.annotations };
  return sameMap(labels, existing.metadata.labels) && sameMap(annotations, existing.metadata.annotations) ? undefined : { labels, annotations };
}

/** A copy of `existing` with the merged labels and annotations, if any. */
function copyWith<T extends KubeObject>(existing: Readonly<T>, metadata: ReturnType<typeof mergedMetadata>): T {
  const object = structuredClone(existing) as T;
  if (metadata) Object.assign(object.metadata, metadata);
  return object;
}

const sameSelector = (a: LabelSelector, b: LabelSelector): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const canonical = (s: LabelSelector): unknown => ({ l: Object.entries(s.matchLabels ?? {}).sort(), e: s.matchExpressions ?? [] });

/** upstream aggregationRuleCovers: the selectors of `wanted` that `owner` lacks. */
function missingSelectors(owner: AggregationRule | undefined, wanted: AggregationRule | undefined): LabelSelector[] {
  const have = owner?.clusterRoleSelectors ?? [];
  return (wanted?.clusterRoleSelectors ?? []).filter((s) => !have.some((h) => sameSelector(h, s)));
}

/**
 * The broken-down pieces of `expected` that `owned` does not grant (upstream validation.Covers). A rule held
 * as it is needs no breaking down: the common case at every start, and ~10 ms less of it.
 */
function missingPieces(owned: readonly PolicyRule[], expected: readonly PolicyRule[]): PolicyRule[] {
  return covers(owned, expected.filter((rule) => !owned.some((o) => sameRule(o, rule)))).missing;
}

/** upstream computeReconciledRole (union mode). */
export function reconcileRole<T extends RuleOwner>(existing: Readonly<T>, expected: Readonly<T>): Reconciled<T> {
  if (isProtected(existing)) return { operation: 'none' };
  const metadata = mergedMetadata(existing, expected);
  const missingRules = missingPieces(existing.rules ?? [], expected.rules ?? []);
  const unexpectedAggregation = !expected.aggregationRule && existing.aggregationRule !== undefined;
  const missing = missingSelectors(existing.aggregationRule, expected.aggregationRule);
  if (!metadata && missingRules.length === 0 && !unexpectedAggregation && missing.length === 0) return { operation: 'none' };
  const object = copyWith(existing, metadata);
  if (missingRules.length > 0) object.rules = [...(object.rules ?? []), ...missingRules];
  if (unexpectedAggregation) delete object.aggregationRule;
  else if (missing.length > 0) object.aggregationRule = { clusterRoleSelectors: [...(object.aggregationRule?.clusterRoleSelectors ?? []), ...missing] };
  return { operation: 'update', object };
}

const sameSubject = (a: Subject, b: Subject): boolean => a.kind === b.kind && (a.apiGroup ?? '') === (b.apiGroup ?? '') && a.name === b.name && (a.namespace ?? '') === (b.namespace ?? '');
const sameRoleRef = (a: RoleRef, b: RoleRef): boolean => a.apiGroup === b.apiGroup && a.kind === b.kind && a.name === b.name;

/** upstream computeReconciledRoleBinding (union mode). */
export function reconcileRoleBinding<T extends RoleBindingLike>(existing: Readonly<T>, expected: Readonly<T>): Reconciled<T> {
  if (isProtected(existing)) return { operation: 'none' };
  if (!sameRoleRef(existing.roleRef, expected.roleRef)) return { operation: 'recreate', object: structuredClone(expected) as T };
  const metadata = mergedMetadata(existing, expected);
  const missing = (expected.subjects ?? []).filter((s) => !(existing.subjects ?? []).some((e) => sameSubject(e, s)));
  if (!metadata && missing.length === 0) return { operation: 'none' };
  const object = copyWith(existing, metadata);
  if (missing.length > 0) object.subjects = [...(object.subjects ?? []), ...missing];
  return { operation: 'update', object };
}
