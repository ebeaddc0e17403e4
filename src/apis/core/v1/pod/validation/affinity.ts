// Node and pod affinity (upstream 1.25 validateAffinity, ValidateNodeSelector, ValidateNodeSelectorTerm,
// ValidateNodeSelectorRequirement, ValidateNodeFieldSelectorRequirement, validatePodAffinityTerm).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateLabelName, validateNamespaceName } from '../../../../meta/v1/validation.js';
import type { Affinity, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodAffinityTerm, WeightedPodAffinityTerm } from '../../schemas.generated.js';
import { num, validateLabelSelector } from './common.js';

function validateNodeSelectorRequirement(req: NodeSelectorRequirement, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const count = (req.values ?? []).length;
  const operator = req.operator ?? '';
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (count === 0) errs.push(field.required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (count > 0) errs.push(field.forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (count !== 1) errs.push(field.required(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(field.invalid(`${path}.operator`, operator, 'not a valid selector operator'));
  }
  return [...errs, ...validateLabelName(req.key ?? '', `${path}.key`)];
}

/** matchFields: only `metadata.name`, with In/NotIn and exactly one node name. */
function validateNodeFieldRequirement(req: NodeSelectorRequirement, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (req.operator === 'In' || req.operator === 'NotIn') {
    if ((req.values ?? []).length !== 1) {
      errs.push(field.required(`${path}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    }
  } else {
    errs.push(field.invalid(`${path}.operator`, req.operator ?? '', 'not a valid selector operator'));
  }
  if (req.key !== 'metadata.name') errs.push(field.invalid(`${path}.key`, req.key ?? '', 'not a valid field selector key'));
  else (req.values ?? []).forEach((v, i) => errs.push(...nameIsDNSSubdomain(v, false).map((m) => field.invalid(`${path}.values[${i}]`, v, m))));
  return errs;
}

/** Upstream ValidateNodeSelectorTerm. */
export function validateNodeSelectorTerm(term: NodeSelectorTerm, path: string): FieldError[] {
  return [
    ...(term.matchExpressions ?? []).flatMap((r, j) => validateNodeSelectorRequirement(r, `${path}.matchExpressions[${j}]`)),
    ...(term.matchFields ?? []).flatMap((r, j) => validateNodeFieldRequirement(r, `${path}.matchFields[${j}]`)),
  ];
}

/** Upstream ValidateNodeSelector: at least one term. */
export function validateNodeSelector(selector: NodeSelector, path: string): FieldError[] {
  const terms = selector.nodeSelectorTerms ?? [];
  if (terms.length === 0) return [field.required(`${path}.nodeSelectorTerms`, 'must have at least one node selector term')];
  return terms.flatMap((t, i) => validateNodeSelectorTerm(t, `${path}.nodeSelectorTerms[${i}]`));
}

const weightErrors = (weight: number | undefined, path: string): FieldError[] =>
  num(weight) <= 0 || num(weight) > 100 ? [field.invalid(path, num(weight), 'must be in the range 1-100')] : [];

/** Upstream validatePodAffinityTerm (namespace errors sit on `namespace`, singular, as upstream). */
function validatePodAffinityTerm(term: PodAffinityTerm, path: string): FieldError[] {
  const errs = [...validateLabelSelector(term.labelSelector, `${path}.labelSelector`), ...validateLabelSelector(term.namespaceSelector, `${path}.namespaceSelector`)];
  for (const name of term.namespaces ?? []) errs.push(...validateNamespaceName(name, false).map((m) => field.invalid(`${path}.namespace`, name, m)));
  if (!term.topologyKey) errs.push(field.required(`${path}.topologyKey`, 'can not be empty'));
  return [...errs, ...validateLabelName(term.topologyKey ?? '', `${path}.topologyKey`)];
}

function validatePodAffinityTerms(
  required: PodAffinityTerm[] | undefined, preferred: WeightedPodAffinityTerm[] | undefined, path: string,
): FieldError[] {
  const errs = (required ?? []).flatMap((t, i) => validatePodAffinityTerm(t, `${path}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`));
  (preferred ?? []).forEach((w, j) => {
    const at = `${path}.preferredDuringSchedulingIgnoredDuringExecution[${j}]`;
    errs.push(...weightErrors(w.weight, `${at}.weight`), ...validatePodAffinityTerm(w.podAffinityTerm ?? { topologyKey: '' }, `${at}.podAffinityTerm`));
  });
  return errs;
}

/** Upstream validateAffinity. */
export function validateAffinity(affinity: Affinity | undefined, path: string): FieldError[] {
  if (!affinity) return [];
  const errs: FieldError[] = [];
  const node = affinity.nodeAffinity;
  if (node) {
    const at = `${path}.nodeAffinity`;
    if (node.requiredDuringSchedulingIgnoredDuringExecution) {
      errs.push(...validateNodeSelector(node.requiredDuringSchedulingIgnoredDuringExecution, `${at}.requiredDuringSchedulingIgnoredDuringExecution`));
    }
    (node.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((term, i) => {
      const p = `${at}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
      errs.push(...weightErrors(term.weight, `${p}.weight`), ...validateNodeSelectorTerm(term.preference ?? {}, `${p}.preference`));
    });
  }
  const pod = affinity.podAffinity;
  if (pod) errs.push(...validatePodAffinityTerms(pod.requiredDuringSchedulingIgnoredDuringExecution, pod.preferredDuringSchedulingIgnoredDuringExecution, `${path}.podAffinity`));
  const anti = affinity.podAntiAffinity;
  if (anti) errs.push(...validatePodAffinityTerms(anti.requiredDuringSchedulingIgnoredDuringExecution, anti.preferredDuringSchedulingIgnoredDuringExecution, `${path}.podAntiAffinity`));
  return errs;
}
