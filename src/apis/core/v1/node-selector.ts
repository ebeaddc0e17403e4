// Node selectors and topology selector terms (upstream 1.25 ValidateNodeSelector,
// ValidateNodeSelectorTerm, ValidateNodeSelectorRequirement, ValidateNodeFieldSelectorRequirement,
// ValidateTopologySelectorTerm): PersistentVolume node affinity and StorageClass allowed topologies.
import { duplicate, forbidden, invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateLabelName } from '../../meta/v1/validation.js';
import type { NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, TopologySelectorTerm } from './schemas.generated.js';

/** One `matchExpressions` entry: operator and value count, then the key as a label name. */
export function validateNodeSelectorRequirement(req: NodeSelectorRequirement, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const count = req.values?.length ?? 0;
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      if (count === 0) errors.push(required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (count > 0) errors.push(forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (count !== 1) errors.push(required(`${path}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errors.push(invalid(`${path}.operator`, req.operator ?? '', 'not a valid selector operator'));
  }
  errors.push(...validateLabelName(req.key ?? '', `${path}.key`));
  return errors;
}

/** One `matchFields` entry: In/NotIn with one value, key `metadata.name`, values node names. */
export function validateNodeFieldSelectorRequirement(req: NodeSelectorRequirement, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (req.operator === 'In' || req.operator === 'NotIn') {
    if ((req.values?.length ?? 0) !== 1) errors.push(required(`${path}.values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else {
    errors.push(invalid(`${path}.operator`, req.operator ?? '', 'not a valid selector operator'));
  }
  if (req.key !== 'metadata.name') errors.push(invalid(`${path}.key`, req.key ?? '', 'not a valid field selector key'));
  else (req.values ?? []).forEach((v, i) => errors.push(...nameIsDNSSubdomain(v, false).map((m) => invalid(`${path}.values[${i}]`, v, m))));
  return errors;
}

/** One node selector term. */
export function validateNodeSelectorTerm(term: NodeSelectorTerm, path: string): FieldError[] {
  return [
    ...(term.matchExpressions ?? []).flatMap((req, j) => validateNodeSelectorRequirement(req, `${path}.matchExpressions[${j}]`)),
    ...(term.matchFields ?? []).flatMap((req, j) => validateNodeFieldSelectorRequirement(req, `${path}.matchFields[${j}]`)),
  ];
}

/** A node selector: at least one term, each valid. */
export function validateNodeSelector(selector: NodeSelector, path: string): FieldError[] {
  const terms = selector.nodeSelectorTerms ?? [];
  if (terms.length === 0) return [required(`${path}.nodeSelectorTerms`, 'must have at least one node selector term')];
  return terms.flatMap((term, i) => validateNodeSelectorTerm(term, `${path}.nodeSelectorTerms[${i}]`));
}

/**
 * One topology selector term; also returns its key to values map (keys sorted, values as sets) so
 * callers can find duplicate terms.
 */
export function validateTopologySelectorTerm(term: TopologySelectorTerm, path: string): { errors: FieldError[]; expressions: Map<string, Set<string>> } {
  const errors: FieldError[] = [];
  const expressions = new Map<string, Set<string>>();
  (term.matchLabelExpressions ?? []).forEach((req, i) => {
    const at = `${path}.matchLabelExpressions[${i}]`;
    const values = new Set<string>();
    if (!req.values?.length) errors.push(required(`${at}.values`));
    (req.values ?? []).forEach((v, j) => {
      if (values.has(v)) errors.push(duplicate(`${at}.values[${j}]`, v));
      values.add(v);
    });
    errors.push(...validateLabelName(req.key ?? '', `${at}.key`));
    if (expressions.has(req.key)) errors.push(duplicate(`${at}.key`, req.key));
    expressions.set(req.key, values);
  });
  return { errors, expressions };
}
