// Topology spread constraints (upstream 1.25 validateTopologySpreadConstraints: maxSkew, topologyKey,
// whenUnsatisfiable, the {topologyKey, whenUnsatisfiable} pair, minDomains, node inclusion policies,
// matchLabelKeys).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { validateLabelName } from '../../../../meta/v1/validation.js';
import type { TopologySpreadConstraint } from '../../schemas.generated.js';
import { num } from './common.js';

const SCHEDULE_ACTIONS: readonly string[] = ['DoNotSchedule', 'ScheduleAnyway'];
const NODE_INCLUSION_POLICIES: readonly string[] = ['Honor', 'Ignore'];

function validateMinDomains(c: TopologySpreadConstraint, path: string): FieldError[] {
  if (c.minDomains === undefined) return [];
  const errs: FieldError[] = [];
  if (c.minDomains <= 0) errs.push(field.invalid(path, c.minDomains, 'must be greater than zero'));
  if (c.whenUnsatisfiable !== 'DoNotSchedule') {
    errs.push(field.invalid(path, c.minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${c.whenUnsatisfiable ?? ''}`));
  }
  return errs;
}

function validatePolicy(policy: string | undefined, path: string): FieldError[] {
  return policy !== undefined && !NODE_INCLUSION_POLICIES.includes(policy) ? [field.notSupported(path, policy, NODE_INCLUSION_POLICIES)] : [];
}

function validateMatchLabelKeys(c: TopologySpreadConstraint, path: string): FieldError[] {
  const keys = c.matchLabelKeys ?? [];
  if (keys.length === 0) return [];
  const errs: FieldError[] = [];
  const selectorKeys = new Set<string>();
  if (c.labelSelector) {
    for (const k of Object.keys(c.labelSelector.matchLabels ?? {})) selectorKeys.add(k);
    for (const e of c.labelSelector.matchExpressions ?? []) selectorKeys.add(e.key ?? '');
  } else {
    errs.push(field.forbidden(path, 'must not be specified when labelSelector is not set'));
  }
  keys.forEach((key, i) => {
    errs.push(...validateLabelName(key, `${path}[${i}]`));
    if (selectorKeys.has(key)) errs.push(field.invalid(`${path}[${i}]`, key, 'exists in both matchLabelKeys and labelSelector'));
  });
  return errs;
}

function validateConstraint(c: TopologySpreadConstraint, rest: readonly TopologySpreadConstraint[], at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (num(c.maxSkew) <= 0) errs.push(field.invalid(`${at}.maxSkew`, num(c.maxSkew), 'must be greater than zero'));
  if (!c.topologyKey) errs.push(field.required(`${at}.topologyKey`, 'can not be empty'));
  const action = c.whenUnsatisfiable ?? '';
  if (!SCHEDULE_ACTIONS.includes(action)) errs.push(field.notSupported(`${at}.whenUnsatisfiable`, action, SCHEDULE_ACTIONS));
  if (rest.some((r) => r.topologyKey === c.topologyKey && (r.whenUnsatisfiable ?? '') === action)) {
    errs.push(field.duplicate(`${at}.{topologyKey, whenUnsatisfiable}`, `{${c.topologyKey ?? ''}, ${action}}`));
  }
  errs.push(...validateMinDomains(c, `${at}.minDomains`));
  errs.push(...validatePolicy(c.nodeAffinityPolicy, `${at}.nodeAffinityPolicy`), ...validatePolicy(c.nodeTaintsPolicy, `${at}.nodeTaintsPolicy`));
  return [...errs, ...validateMatchLabelKeys(c, `${at}.matchLabelKeys`)];
}

/** Upstream validateTopologySpreadConstraints. */
export function validateTopologySpreadConstraints(constraints: readonly TopologySpreadConstraint[] | undefined, path: string): FieldError[] {
  const list = constraints ?? [];
  return list.flatMap((c, i) => validateConstraint(c, list.slice(i + 1), `${path}[${i}]`));
}
