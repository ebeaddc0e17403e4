// Which checks run for a level and version, and how their results read together (upstream policy/registry.go
// and checks.go of v0.25). For each version from v1.0 to the newest any check names, the checks that apply
// are laid out once: baseline's in order of ID, then (for restricted) restricted's in order of ID, a baseline
// check left out where a restricted one overrides it. A version past the newest, and `latest`, use the newest.
import type { ObjectMeta } from '../../../apis/meta/v1/types.js';
import type { PodSpec } from '../../../apis/core/v1/schemas.generated.js';
import type { LevelVersion } from './api.js';
import { DEFAULT_CHECKS, type Check, type CheckPod, type Violation } from './checks.js';

/** The forbidden results of a pod's evaluation, in check order; empty when allowed. */
export type Violations = readonly Violation[];

const NONE: Violations = Object.freeze([]);

export interface Evaluator {
  /** The violations of the pod (or template) at a level and version: none at `privileged`. */
  evaluatePod(lv: LevelVersion, meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violations;
}

/** Go's sort of strings (byte order for ASCII IDs). */
const byId = (a: Check, b: Check): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** upstream NewEvaluator over the given checks (default: those of v0.25). */
export function newEvaluator(checks: readonly Check[] = DEFAULT_CHECKS): Evaluator {
  const maxVersion = Math.max(0, ...checks.map((c) => c.versions[c.versions.length - 1]?.minimumVersion ?? 0));
  const baselineChecks = checks.filter((c) => c.level === 'baseline').sort(byId);
  const restrictedChecks = checks.filter((c) => c.level === 'restricted').sort(byId);
  /** A check's revision in force at version `v`, if any. */
  const revisionAt = (check: Check, v: number) => check.versions.findLast((r) => r.minimumVersion <= v);
  const baseline: CheckPod[][] = [];
  const restricted: CheckPod[][] = [];
  for (let v = 0; v <= maxVersion; v++) {
    const restrictedAt = restrictedChecks.flatMap((c) => revisionAt(c, v) ?? []);
    const overridden = new Set(restrictedAt.flatMap((r) => r.overrides ?? []));
    const baselineAt = baselineChecks.flatMap((c) => {
      const revision = revisionAt(c, v);
      return revision ? [{ id: c.id, checkPod: revision.checkPod }] : [];
    });
    baseline[v] = baselineAt.map((c) => c.checkPod);
    restricted[v] = [...baselineAt.filter((c) => !overridden.has(c.id)).map((c) => c.checkPod), ...restrictedAt.map((r) => r.checkPod)];
  }
  return {
    evaluatePod(lv, meta, spec) {
      if (lv.level === 'privileged') return NONE;
      const v = lv.version === 'latest' || lv.version > maxVersion ? maxVersion : lv.version;
      let found: Violation[] | undefined;
      for (const check of (lv.level === 'baseline' ? baseline : restricted)[v] ?? []) {
        const result = check(meta, spec);
        if (result) (found ??= []).push(result);
      }
      return found ?? NONE;
    },
  };
}

/** The violations' reasons: `host ports, privileged` (upstream AggregateCheckResult.ForbiddenReason). */
export const forbiddenReason = (violations: Violations): string => violations.map((v) => v.reason || UNKNOWN_FORBIDDEN_REASON).join(', ');

/** Reasons with their details in parentheses: `hostPort (container "a" uses hostPort 80), privileged (...)`. */
export const forbiddenDetail = (violations: Violations): string =>
  violations.map((v) => `${v.reason || UNKNOWN_FORBIDDEN_REASON}${v.detail ? ` (${v.detail})` : ''}`).join(', ');

const UNKNOWN_FORBIDDEN_REASON = 'unknown forbidden reason';
