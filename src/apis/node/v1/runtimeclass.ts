// RuntimeClass (node.k8s.io/v1, cluster-scoped; 3-resources "RuntimeClass"): validation as upstream
// ValidateRuntimeClass / ValidateRuntimeClassUpdate (pkg/apis/node/validation) with its field paths
// as they are (overhead errors under `overhead.limits[...]`, toleration errors under
// `scheduling.tolerations.tolerations[i]`), and the table of printRuntimeClass.
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { GoLiteral, duplicate, invalid, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSLabel, nameIsDNSSubdomain, validateLabels, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { validateResourceLimits } from '../../core/v1/resource-names.js';
import { goToleration, validateTolerations } from '../../core/v1/taints.js';
import type { Toleration } from '../../core/v1/schemas.generated.js';
import { RuntimeClassSchema, type RuntimeClass, type Scheduling } from './schemas.generated.js';

export { RuntimeClassSchema, type RuntimeClass };

/** Tolerations: upstream's rules (under a doubled `tolerations` segment), then unique by key, operator, value, effect. */
function validateRuntimeClassTolerations(tolerations: readonly Toleration[], path: string): FieldError[] {
  const errors = validateTolerations(tolerations, `${path}.tolerations`);
  const seen = new Set<string>();
  tolerations.forEach((t, i) => {
    const id = JSON.stringify([t.key ?? '', t.operator ?? '', t.value ?? '', t.effect ?? '']);
    if (seen.has(id)) errors.push(duplicate(`${path}[${i}]`, new GoLiteral(goToleration(t))));
    seen.add(id);
  });
  return errors;
}

function validateScheduling(scheduling: Scheduling, path: string): FieldError[] {
  const errors = scheduling.nodeSelector ? validateLabels(scheduling.nodeSelector, `${path}.nodeSelector`) : [];
  return [...errors, ...validateRuntimeClassTolerations(scheduling.tolerations ?? [], `${path}.tolerations`)];
}

/** upstream ValidateRuntimeClass. */
export function validateRuntimeClass(rc: RuntimeClass): FieldError[] {
  const errors = validateObjectMeta(rc.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const handler = rc.handler ?? '';
  errors.push(...nameIsDNSLabel(handler, false).map((message) => invalid('handler', handler, message)));
  if (rc.overhead) errors.push(...validateResourceLimits(rc.overhead.podFixed, 'overhead'));
  if (rc.scheduling) errors.push(...validateScheduling(rc.scheduling, 'scheduling'));
  return errors;
}

/** upstream ValidateRuntimeClassUpdate: metadata rules and an immutable handler (the strategy validates the new object too). */
export function validateRuntimeClassUpdate(rc: RuntimeClass, old: RuntimeClass): FieldError[] {
  const errors = [...validateRuntimeClass(rc), ...validateObjectMetaUpdate(rc.metadata, old.metadata)];
  if ((rc.handler ?? '') !== (old.handler ?? '')) errors.push(invalid('handler', rc.handler ?? '', 'field is immutable'));
  return errors;
}

/** The RuntimeClass resource: `runtimeclasses`, no short name. */
export const runtimeClassDefinition: ResourceDefinition<RuntimeClass> = {
  group: 'node.k8s.io',
  version: 'v1',
  kind: 'RuntimeClass',
  listKind: 'RuntimeClassList',
  resource: 'runtimeclasses',
  singular: 'runtimeclass',
  namespaced: false,
  schema: RuntimeClassSchema,
  definitionName: 'io.k8s.api.node.v1.RuntimeClass',
  verbs: ALL_VERBS,
  // A missing handler is Go's zero value: `handler` is never omitted, and validation reports it empty.
  defaults: (rc) => {
    rc.handler ??= '';
  },
  strategy: {
    validate: validateRuntimeClass,
    validateUpdate: validateRuntimeClassUpdate,
  },
  tableColumns: [
    nameColumn(),
    { definition: columnDefinition('Handler', 'string', 'Handler specifies the underlying runtime and configuration that the CRI implementation will use to handle pods of this class.'), cell: (rc) => rc.handler ?? '' },
    ageColumn(),
  ],
};
