// PriorityClass (scheduling.k8s.io/v1, cluster-scoped): the PreemptLowerPriority default, validation as
// upstream ValidatePriorityClass / ValidatePriorityClassUpdate (pkg/apis/scheduling/validation), the
// two system classes every cluster has (created at start, server/system-priority-classes.ts) and the
// refusal to delete them (upstream priorityclass REST Delete), and printPriorityClass's table.
// "Only one globalDefault" is not validation upstream but the Priority admission plugin
// (admission/plugins/priority.ts).
import { ALL_VERBS, type DeleteDecision, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { defaultDeleteDecision } from '../../../registry/store/delete.js';
import type { DeleteOptions } from '../../meta/v1/types.js';
import { forbidden as forbiddenField, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { forbidden, qualifiedResource } from '../../../errors/status-error.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { PriorityClassSchema, type PriorityClass } from './schemas.generated.js';

export { PriorityClassSchema, type PriorityClass };

/** Names with this prefix are reserved for the system classes. */
export const SYSTEM_PRIORITY_CLASS_PREFIX = 'system-';
/** The highest value a user-defined class may have. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;

/** The classes every cluster has (upstream SystemPriorityClasses). */
export const SYSTEM_PRIORITY_CLASSES: readonly PriorityClass[] = [
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-node-critical' },
    value: 2_000_001_000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name: 'system-cluster-critical' },
    value: 2_000_000_000,
    description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
];

const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];

/** upstream SetDefaults_PriorityClass; a missing `value` is Go's zero value (the field is never omitted). */
export function defaultPriorityClass(pc: PriorityClass): void {
  pc.value ??= 0;
  pc.preemptionPolicy ??= 'PreemptLowerPriority';
}

/** upstream IsKnownSystemPriorityClass: why `pc` is not one of the system classes, or undefined. */
function systemClassError(pc: PriorityClass): string | undefined {
  const name = pc.metadata.name ?? '';
  const known = SYSTEM_PRIORITY_CLASSES.find((s) => s.metadata.name === name);
  if (!known) return `${name} is not a known system priority class`;
  if (known.value !== pc.value) return `value of ${name} PriorityClass must be ${known.value}`;
  if ((known.globalDefault ?? false) !== (pc.globalDefault ?? false)) return `globalDefault of ${name} PriorityClass must be ${known.globalDefault ?? false}`;
  return undefined;
}

/** upstream ValidatePreemptionPolicy. */
function validatePreemptionPolicy(policy: string, path: string): FieldError[] {
  if (PREEMPTION_POLICIES.includes(policy)) return [];
  return policy === '' ? [required(path)] : [notSupported(path, policy, PREEMPTION_POLICIES)];
}

/** upstream ValidatePriorityClass. */
export function validatePriorityClass(pc: PriorityClass): FieldError[] {
  const errors = validateObjectMeta(pc.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  if ((pc.metadata.name ?? '').startsWith(SYSTEM_PRIORITY_CLASS_PREFIX)) {
    const why = systemClassError(pc);
    if (why) errors.push(forbiddenField('metadata.name', `priority class names with '${SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only. error: ${why}`));
  } else if (pc.value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errors.push(forbiddenField('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
  }
  if (pc.preemptionPolicy !== undefined) errors.push(...validatePreemptionPolicy(pc.preemptionPolicy, 'preemptionPolicy'));
  return errors;
}

/** upstream strategy ValidateUpdate: the create rules, then value and preemptionPolicy never change. */
export function validatePriorityClassUpdate(pc: PriorityClass, old: PriorityClass): FieldError[] {
  const errors = [...validatePriorityClass(pc), ...validateObjectMetaUpdate(pc.metadata, old.metadata)];
  if (pc.value !== old.value) errors.push(forbiddenField('value', 'may not be changed in an update.'));
  if (pc.preemptionPolicy !== old.preemptionPolicy) errors.push(invalid('preemptionPolicy', pc.preemptionPolicy ?? null, 'field is immutable'));
  return errors;
}

const GROUP_RESOURCE = { group: 'scheduling.k8s.io', resource: 'priorityclasses' };

/** upstream priorityclass REST Delete: the system classes cannot be deleted. */
export function prepareForPriorityClassDelete(pc: PriorityClass, _options: DeleteOptions, now: Date): DeleteDecision {
  const name = pc.metadata.name ?? '';
  if (SYSTEM_PRIORITY_CLASSES.some((s) => s.metadata.name === name)) {
    throw forbidden(`${qualifiedResource(GROUP_RESOURCE)} "${name}" is forbidden: this is a system priority class and cannot be deleted`, {
      name,
      group: GROUP_RESOURCE.group,
      kind: GROUP_RESOURCE.resource,
    });
  }
  return defaultDeleteDecision(pc, now);
}

/** The PriorityClass resource: `priorityclasses`, short name `pc`. */
export const priorityClassDefinition: ResourceDefinition<PriorityClass> = {
  group: 'scheduling.k8s.io',
  version: 'v1',
  kind: 'PriorityClass',
  listKind: 'PriorityClassList',
  resource: 'priorityclasses',
  singular: 'priorityclass',
  shortNames: ['pc'],
  namespaced: false,
  schema: PriorityClassSchema,
  definitionName: 'io.k8s.api.scheduling.v1.PriorityClass',
  verbs: ALL_VERBS,
  defaults: defaultPriorityClass,
  strategy: {
    validate: validatePriorityClass,
    validateUpdate: validatePriorityClassUpdate,
    prepareForDelete: prepareForPriorityClassDelete,
  },
  tableColumns: [
    nameColumn(),
    { definition: columnDefinition('Value', 'integer', 'The value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.'), cell: (pc) => pc.value },
    { definition: columnDefinition('Global-Default', 'boolean', 'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class.'), cell: (pc) => pc.globalDefault ?? false },
    ageColumn(),
  ],
};
