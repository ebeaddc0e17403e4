// The audit policy (2-access-control does not show it; k8s.io/apiserver pkg/apis/audit v1, 1.25): which
// requests are recorded and at what level, read once from `--audit-policy-file` and checked as upstream's
// ValidatePolicy checks it. The policy's omitStages join every rule's (upstream NewPolicyRuleEvaluator).
import { readFile } from 'node:fs/promises';
import { isDNS1123Subdomain } from '../apis/meta/v1/validation.js';
import { errorMessage } from '../errors/error-message.js';

export type AuditLevel = 'None' | 'Metadata' | 'Request' | 'RequestResponse';
export type AuditStage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';

export interface GroupResources {
  group?: string;
  resources?: string[];
  resourceNames?: string[];
}

export interface PolicyRule {
  level: AuditLevel;
  users?: string[];
  userGroups?: string[];
  verbs?: string[];
  resources?: GroupResources[];
  namespaces?: string[];
  nonResourceURLs?: string[];
  omitStages?: AuditStage[];
  omitManagedFields?: boolean;
}

export interface AuditPolicy {
  rules: PolicyRule[];
  omitStages?: AuditStage[];
  omitManagedFields?: boolean;
}

const LEVELS: readonly string[] = ['None', 'Metadata', 'Request', 'RequestResponse'];
const STAGES: readonly string[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];
const API_VERSION = 'audit.k8s.io/v1';

/** Go's %q of a string slice as field.Invalid prints it: `[]string{"a", "b"}`. */
const goStrings = (values: readonly string[]): string => `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}`;

function stageErrors(stages: readonly string[] | undefined, path: string): string[] {
  return (stages ?? []).flatMap((stage, i) =>
    STAGES.includes(stage) ? [] : [`${path}[${i}]: Invalid value: ${JSON.stringify(stage)}: allowed stages are ${STAGES.join(',')}`]);
}

/** upstream validation.ValidatePolicy: every error, as field errors print. */
export function auditPolicyErrors(policy: AuditPolicy): string[] {
  const errors = stageErrors(policy.omitStages, 'omitStages');
  policy.rules.forEach((rule, i) => {
    const path = `rules[${i}]`;
    if (!rule.level) errors.push(`${path}.level: Required value`);
    else if (!LEVELS.includes(rule.level)) errors.push(`${path}.level: Unsupported value: ${JSON.stringify(rule.level)}: supported values: ${LEVELS.map((l) => `"${l}"`).join(', ')}`);
    (rule.nonResourceURLs ?? []).forEach((url, j) => {
      if (url === '*') return;
      if (!url.startsWith('/')) errors.push(`${path}.nonResourceURLs[${j}]: Invalid value: ${JSON.stringify(url)}: non-resource URL rules must begin with a '/' character`);
      if (url !== '' && url.slice(0, -1).includes('*')) errors.push(`${path}.nonResourceURLs[${j}]: Invalid value: ${JSON.stringify(url)}: non-resource URL wildcards '*' must be the final character of the rule`);
    });
    for (const resources of rule.resources ?? []) {
      const groupErrors = resources.group ? isDNS1123Subdomain(resources.group) : [];
      if (groupErrors.length > 0) errors.push(`${path}.resources.group: Invalid value: ${JSON.stringify(resources.group)}: ${groupErrors.join(',')}`);
      if ((resources.resourceNames?.length ?? 0) > 0 && (resources.resources?.length ?? 0) === 0) {
        errors.push(`${path}.resources.resourceNames: Invalid value: ${goStrings(resources.resourceNames ?? [])}: using resourceNames requires at least one resource`);
      }
    }
    errors.push(...stageErrors(rule.omitStages, `${path}.omitStages`));
    if ((rule.nonResourceURLs?.length ?? 0) > 0 && ((rule.resources?.length ?? 0) > 0 || (rule.namespaces?.length ?? 0) > 0)) {
      errors.push(`${path}.nonResourceURLs: Invalid value: ${goStrings(rule.nonResourceURLs ?? [])}: rules cannot apply to both regular resources and non-resource URLs`);
    }
  });
  return errors;
}

/**
 * upstream policy.LoadPolicyFromFile: YAML or JSON of kind Policy in audit.k8s.io/v1, at least one rule, valid;
 * the policy's omitStages merged into each rule.
 */
export async function loadAuditPolicy(path: string): Promise<AuditPolicy> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`failed to read file path ${JSON.stringify(path)}: ${errorMessage(error)}`, { cause: error });
  }
  const { parse } = await import('yaml');
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new Error(`failed decoding file ${JSON.stringify(path)}: ${errorMessage(error)}`, { cause: error });
  }
  const object = (raw ?? {}) as { apiVersion?: unknown; kind?: unknown; rules?: unknown; omitStages?: unknown; omitManagedFields?: unknown };
  if (object.kind !== 'Policy' || object.apiVersion !== API_VERSION) {
    throw new Error(`failed decoding file ${JSON.stringify(path)}: expected a Policy of ${API_VERSION}, got kind ${JSON.stringify(object.kind ?? '')} of ${JSON.stringify(object.apiVersion ?? '')}`);
  }
  const policy: AuditPolicy = {
    rules: Array.isArray(object.rules) ? (object.rules as PolicyRule[]) : [],
    ...(Array.isArray(object.omitStages) ? { omitStages: object.omitStages as AuditStage[] } : {}),
    ...(object.omitManagedFields === true ? { omitManagedFields: true } : {}),
  };
  const errors = auditPolicyErrors(policy);
  if (errors.length === 1) throw new Error(errors[0]);
  if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
  if (policy.rules.length === 0) throw new Error(`loaded illegal policy with 0 rules from file ${path}`);
  const merged = policy.omitStages ?? [];
  policy.rules = policy.rules.map((rule) => ({ ...rule, omitStages: [...new Set([...merged, ...(rule.omitStages ?? [])])] }));
  return policy;
}
