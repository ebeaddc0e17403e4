// kube-apiserver's feature gates (k8s.io/component-base/featuregate): the `--feature-gates` value as its
// Set parses it, the checks of SetFromMap, the warnings it logs, and the gates resolved once at start for
// what reads them (no global state: startServer hands the values to the handlers and controllers).
import { parseGoBool } from '../../schema/go-bool.js';
import { KNOWN_FEATURE_GATES_1_25 as KNOWN, type FeatureGateName, type FeatureSpec, type FeatureStage } from './known-1.25.js';

export type { FeatureGateName } from './known-1.25.js';

/** Gates set explicitly, by name (upstream's `enabled` map); the others keep their defaults. */
export type FeatureGateSettings = Readonly<Record<string, boolean>>;

/** The gates AllAlpha and AllBeta set when not set explicitly (upstream's special features). */
const SPECIAL: Readonly<Record<string, FeatureStage>> = { AllAlpha: 'Alpha', AllBeta: 'Beta' };

function specOf(name: string): FeatureSpec | undefined {
  return Object.hasOwn(KNOWN, name) ? KNOWN[name as FeatureGateName] : undefined;
}

/**
 * One `--feature-gates` value as upstream's featureGate.Set reads it: comma-separated `key=value`, empty
 * items skipped, key and value trimmed, the value a Go bool; a key given twice keeps its last value.
 * @throws Error worded as upstream's (`missing bool value for X`, `invalid value of X=y, err: ...`).
 */
export function parseFeatureGatePairs(value: string): Map<string, boolean> {
  const pairs = new Map<string, boolean>();
  for (const item of value.split(',')) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim();
    if (eq < 0) throw new Error(`missing bool value for ${key}`);
    const raw = item.slice(eq + 1).trim();
    try {
      pairs.set(key, parseGoBool(raw));
    } catch (error) {
      throw new Error(`invalid value of ${key}=${raw}, err: ${(error as Error).message}`);
    }
  }
  return pairs;
}

/**
 * Upstream SetFromMap: `pairs` over `enabled`, all or nothing. AllAlpha and AllBeta set every gate of
 * their stage that is not set yet (so that an explicit setting wins, given before or after them).
 * @throws Error for an unknown gate or a locked one set away from its default, worded as upstream's.
 */
export function setFeatureGates(enabled: FeatureGateSettings, pairs: Iterable<readonly [string, boolean]>): FeatureGateSettings {
  const next: Record<string, boolean> = { ...enabled };
  for (const [key, value] of pairs) {
    const spec = specOf(key);
    if (!spec) throw new Error(`unrecognized feature gate: ${key}`);
    if (spec.locked && spec.default !== value) throw new Error(`cannot set feature gate ${key} to ${value}, feature is locked to ${spec.default}`);
    next[key] = value;
    const stage = SPECIAL[key];
    if (stage) setUnset(next, stage, value);
  }
  return next;
}

function setUnset(enabled: Record<string, boolean>, stage: FeatureStage, value: boolean): void {
  for (const [name, spec] of Object.entries(KNOWN) as [string, FeatureSpec][]) {
    if (spec.stage === stage && !Object.hasOwn(enabled, name)) enabled[name] = value;
  }
}

/** The warnings upstream logs for setting a GA or Deprecated gate. */
export function featureGateWarnings(settings: FeatureGateSettings): string[] {
  return Object.entries(settings).flatMap(([name, value]) => {
    const stage = specOf(name)?.stage;
    if (stage === 'Deprecated') return [`Setting deprecated feature gate ${name}=${value}. It will be removed in a future release.`];
    if (stage === 'GA') return [`Setting GA feature gate ${name}=${value}. It will be removed in a future release.`];
    return [];
  });
}

/**
 * The `Name=true|false (STAGE - default=x)` lines of upstream's KnownFeatures(), sorted: every gate but
 * the GA and Deprecated ones.
 */
export function knownFeatures(): string[] {
  return (Object.entries(KNOWN) as [string, FeatureSpec][])
    .filter(([, spec]) => spec.stage === 'Alpha' || spec.stage === 'Beta')
    .map(([name, spec]) => `${name}=true|false (${spec.stage.toUpperCase()} - default=${spec.default})`)
    .sort();
}

/** The gates' values, resolved once at start. */
export interface FeatureGates {
  enabled(name: FeatureGateName): boolean;
}

/**
 * The gates of `settings` (as `--feature-gates` left them, or as a caller of startServer gives them)
 * checked and resolved against the defaults.
 * @throws Error as setFeatureGates words it.
 */
export function resolveFeatureGates(settings: FeatureGateSettings = {}): FeatureGates {
  const enabled = setFeatureGates({}, Object.entries(settings));
  return { enabled: (name) => enabled[name] ?? KNOWN[name].default };
}
