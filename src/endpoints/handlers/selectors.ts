// Label and field selectors of a list, watch or deletecollection, checked against the kind's fields.
import { parseLabelSelector } from '../../registry/selectors/label-selector.js';
import { parseFieldSelector, validateFieldSelector } from '../../registry/selectors/field-selector.js';
import type { ResourceScope } from './scope.js';

export function supportedFields(scope: ResourceScope): string[] {
  return ['metadata.name', ...(scope.def.namespaced ? ['metadata.namespace'] : []), ...Object.keys(scope.def.fieldSelectors ?? {})];
}

export function parseSelectors(scope: ResourceScope, params: { labelSelector: string; fieldSelector: string }) {
  const labelSelector = parseLabelSelector(params.labelSelector);
  const fieldSelector = parseFieldSelector(params.fieldSelector);
  // Kinds with field selectors of their own answer upstream's field-label-conversion text; others
  // answer the default conversion's.
  validateFieldSelector(fieldSelector, supportedFields(scope), scope.def.fieldSelectors ? 'labelNotSupported' : 'notAKnownFieldSelector');
  return { labelSelector, fieldSelector };
}
