// Pod Security levels, policy versions and the namespace labels that choose them (upstream
// k8s.io/pod-security-admission/api, v0.25): `pod-security.kubernetes.io/<mode>` is a level (`privileged`,
// `baseline`, `restricted`) and `pod-security.kubernetes.io/<mode>-version` a version (`latest` or `v1.N`),
// for each mode `enforce`, `audit` and `warn`; what a namespace does not label comes from the defaults.
import { invalid, type FieldError } from '../../../errors/field-errors.js';

export type Level = 'privileged' | 'baseline' | 'restricted';

/** The levels in upstream's order (its error text lists them so). */
export const LEVELS: readonly Level[] = ['privileged', 'baseline', 'restricted'];

/** A policy version: the minor of `v1.N`, or `latest` (newer than every version). */
export type Version = number | 'latest';

export interface LevelVersion {
  readonly level: Level;
  readonly version: Version;
}

export interface Policy {
  readonly enforce: LevelVersion;
  readonly audit: LevelVersion;
  readonly warn: LevelVersion;
}

export const LABEL_PREFIX = 'pod-security.kubernetes.io/';
export const ENFORCE_LEVEL_LABEL = 'pod-security.kubernetes.io/enforce';
export const ENFORCE_VERSION_LABEL = 'pod-security.kubernetes.io/enforce-version';
export const AUDIT_LEVEL_LABEL = 'pod-security.kubernetes.io/audit';
export const AUDIT_VERSION_LABEL = 'pod-security.kubernetes.io/audit-version';
export const WARN_LEVEL_LABEL = 'pod-security.kubernetes.io/warn';
export const WARN_VERSION_LABEL = 'pod-security.kubernetes.io/warn-version';

/** Audit annotation keys (under `pod-security.kubernetes.io/`). */
export const AUDIT_ANNOTATION_PREFIX = LABEL_PREFIX;
export const ENFORCED_POLICY_ANNOTATION = 'enforce-policy';
export const AUDIT_VIOLATIONS_ANNOTATION = 'audit-violations';
export const EXEMPTION_REASON_ANNOTATION = 'exempt';

export const versionString = (v: Version): string => (v === 'latest' ? 'latest' : `v1.${v}`);

export const levelVersionString = (lv: LevelVersion): string => `${lv.level}:${versionString(lv.version)}`;

/** upstream Version.Older: `latest` is never older, and newer than every numbered version. */
export function older(v: Version, other: Version): boolean {
  if (v === 'latest') return false;
  if (other === 'latest') return true;
  return v < other;
}

export const sameLevelVersion = (a: LevelVersion, b: LevelVersion): boolean => a.level === b.level && a.version === b.version;

/** upstream LevelVersion.Equivalent: both privileged (whatever the versions), or equal. */
export const equivalentLevelVersion = (a: LevelVersion, b: LevelVersion): boolean => (a.level === 'privileged' && b.level === 'privileged') || sameLevelVersion(a, b);

export const fullyPrivileged = (p: Policy): boolean => p.enforce.level === 'privileged' && p.audit.level === 'privileged' && p.warn.level === 'privileged';

export const equivalentPolicy = (a: Policy, b: Policy): boolean =>
  equivalentLevelVersion(a.enforce, b.enforce) && equivalentLevelVersion(a.audit, b.audit) && equivalentLevelVersion(a.warn, b.warn);

/** upstream CompareLevels: 0 when equal, -1 when `a` is less strict than `b`, +1 when stricter. */
export function compareLevels(a: Level, b: Level): number {
  return Math.sign(LEVELS.indexOf(a) - LEVELS.indexOf(b));
}

const LEVEL_ERROR = `must be one of ${LEVELS.join(', ')}`;
const VERSION_ERROR = 'must be "latest" or "v1.x"';
const VERSION_PATTERN = /^v1\.(0|[1-9][0-9]*)$/;

/** upstream ParseLevel: the level, or `restricted` with the error text. */
export function parseLevel(value: string): { level: Level; error?: string } {
  return (LEVELS as readonly string[]).includes(value) ? { level: value as Level } : { level: 'restricted', error: LEVEL_ERROR };
}

/** upstream ParseVersion: the version, or `latest` with the error text. */
export function parseVersion(value: string): { version: Version; error?: string } {
  if (value === 'latest') return { version: 'latest' };
  const match = VERSION_PATTERN.exec(value);
  const minor = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(minor) ? { version: minor } : { version: 'latest', error: VERSION_ERROR };
}

const LABELS_PATH = 'metadata.labels';

/** The labels PolicyToEvaluate reads, for a quick test of whether a namespace sets any. */
const POLICY_LABELS = [ENFORCE_LEVEL_LABEL, ENFORCE_VERSION_LABEL, AUDIT_LEVEL_LABEL, AUDIT_VERSION_LABEL, WARN_LEVEL_LABEL, WARN_VERSION_LABEL] as const;

export const hasPolicyLabels = (labels: Readonly<Record<string, string>> | undefined): boolean =>
  labels !== undefined && labels !== null && POLICY_LABELS.some((key) => Object.hasOwn(labels, key));

/**
 * upstream PolicyToEvaluate: a namespace's policy from its labels over the defaults, and one error per label
 * that does not parse. A bad enforce level is `restricted` (fail closed); a bad audit or warn level
 * `privileged` (fail open); a bad version `latest`.
 */
export function policyToEvaluate(labels: Readonly<Record<string, string>> | undefined, defaults: Policy): { policy: Policy; errors: FieldError[] } {
  if (!hasPolicyLabels(labels)) return { policy: defaults, errors: [] };
  const errors: FieldError[] = [];
  const read = (mode: LevelVersion, levelLabel: string, versionLabel: string, failOpen: boolean): LevelVersion => {
    let { level, version } = mode;
    const levelValue = labels![levelLabel];
    if (levelValue !== undefined) {
      const parsed = parseLevel(levelValue);
      level = parsed.error !== undefined && failOpen ? 'privileged' : parsed.level;
      if (parsed.error !== undefined) errors.push(invalid(`${LABELS_PATH}[${levelLabel}]`, levelValue, parsed.error));
    }
    const versionValue = labels![versionLabel];
    if (versionValue !== undefined) {
      const parsed = parseVersion(versionValue);
      version = parsed.version;
      if (parsed.error !== undefined) errors.push(invalid(`${LABELS_PATH}[${versionLabel}]`, versionValue, parsed.error));
    }
    return level === mode.level && version === mode.version ? mode : { level, version };
  };
  const enforce = read(defaults.enforce, ENFORCE_LEVEL_LABEL, ENFORCE_VERSION_LABEL, false);
  const audit = read(defaults.audit, AUDIT_LEVEL_LABEL, AUDIT_VERSION_LABEL, true);
  const warn = read(defaults.warn, WARN_LEVEL_LABEL, WARN_VERSION_LABEL, true);
  return { policy: { enforce, audit, warn }, errors };
}
