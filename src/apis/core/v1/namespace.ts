// Namespace (core v1, cluster-scoped; 3-resources "Namespace"): schema, defaults, the strategies of
// the main resource and of the `status` and `finalize` subresources (upstream namespace strategy and
// ValidateNamespace*), the `status.phase` field selector and the table.
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import type { ResourceDefinition, Strategy, Verb } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { invalid, type FieldError } from '../../../errors/field-errors.js';
import {
  isQualifiedName,
  validateKubeFinalizerName,
  validateNamespaceName,
  validateObjectMeta,
  validateObjectMetaUpdate,
} from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { CORE_V1 } from './object-reference.js';
import { prepareNamespaceForDelete } from './namespace-delete.js';

import { NamespaceSchema, type Namespace } from './schemas.generated.js';

export { NamespaceConditionSchema, NamespaceSchema, NamespaceSpecSchema, NamespaceStatusSchema } from './schemas.generated.js';
export type { Namespace } from './schemas.generated.js';

/** Phases of a namespace: Terminating once deletion started. */
export const NamespacePhase = { Active: 'Active', Terminating: 'Terminating' } as const;

/** The finalizer the namespace controller owns; added on create so contents are deleted first. */
export const FINALIZER_KUBERNETES = 'kubernetes';

/** Label every namespace carries with its own name (upstream LabelMetadataName). */
export const LABEL_METADATA_NAME = 'kubernetes.io/metadata.name';

/** Keep `kubernetes.io/metadata.name` equal to the name (upstream defaults and Canonicalize). */
function labelWithName(ns: Namespace): void {
  const name = ns.metadata.name;
  if (!name) return;
  ns.metadata.labels = { ...ns.metadata.labels, [LABEL_METADATA_NAME]: name };
}

/** upstream SetDefaults_Namespace and SetDefaults_NamespaceStatus (phase Active). */
export function defaultNamespace(ns: Namespace): void {
  labelWithName(ns);
  const status = (ns.status ??= {});
  if (!status.phase) status.phase = NamespacePhase.Active;
}

/** Create: status is Active whatever the client sent, and the `kubernetes` finalizer is present. */
export function prepareNamespaceForCreate(ns: Namespace): void {
  ns.status = { phase: NamespacePhase.Active };
  const finalizers = ns.spec?.finalizers ?? [];
  if (!finalizers.includes(FINALIZER_KUBERNETES)) ns.spec = { ...ns.spec, finalizers: [...finalizers, FINALIZER_KUBERNETES] };
  labelWithName(ns);
}

/** Update of the main resource: finalizers change only through `finalize`, status only through `status`. */
export function prepareNamespaceForUpdate(ns: Namespace, old: Namespace): void {
  const finalizers = old.spec?.finalizers;
  ns.spec = { ...ns.spec };
  if (finalizers === undefined) delete ns.spec.finalizers;
  else ns.spec.finalizers = finalizers;
  if (old.status === undefined) delete ns.status;
  else ns.status = old.status;
  labelWithName(ns);
}

/** Update of `status`: everything but status comes from `old`'s spec. */
export function prepareNamespaceForStatusUpdate(ns: Namespace, old: Namespace): void {
  if (old.spec === undefined) delete ns.spec;
  else ns.spec = old.spec;
}

/** Update of `finalize`: spec.finalizers may change, status stays. */
export function prepareForFinalizeUpdate(ns: Namespace, old: Namespace): void {
  if (old.status === undefined) delete ns.status;
  else ns.status = old.status;
}

/** A finalizer name: qualified name, and without a domain one of the standard names. */
function validateFinalizerName(name: string, path: string): FieldError[] {
  return [...isQualifiedName(name).map((message) => invalid(path, name, message)), ...validateKubeFinalizerName(name, path)];
}

/** upstream ValidateNamespace: DNS-label name, no namespace; finalizer errors on `spec.finalizers` (no index, as upstream). */
export function validateNamespace(ns: Namespace): FieldError[] {
  const errors = validateObjectMeta(ns.metadata, { namespaced: false, nameValidator: validateNamespaceName });
  for (const finalizer of ns.spec?.finalizers ?? []) errors.push(...validateFinalizerName(finalizer, 'spec.finalizers'));
  return errors;
}

/** upstream namespace strategy ValidateUpdate: ValidateNamespace plus ValidateNamespaceUpdate. */
export function validateNamespaceUpdate(ns: Namespace, old: Namespace): FieldError[] {
  return [...validateNamespace(ns), ...validateObjectMetaUpdate(ns.metadata, old.metadata)];
}

/** upstream ValidateNamespaceStatusUpdate: the phase must agree with `deletionTimestamp` (field path `status.Phase` as upstream). */
export function validateNamespaceStatusUpdate(ns: Namespace, old: Namespace): FieldError[] {
  const errors = validateObjectMetaUpdate(ns.metadata, old.metadata);
  const phase = ns.status?.phase ?? '';
  if (!ns.metadata.deletionTimestamp) {
    if (phase !== NamespacePhase.Active) errors.push(invalid('status.Phase', phase, "may only be 'Active' if `deletionTimestamp` is empty"));
  } else if (phase !== NamespacePhase.Terminating) {
    errors.push(invalid('status.Phase', phase, "may only be 'Terminating' if `deletionTimestamp` is not empty"));
  }
  return errors;
}

/** upstream ValidateNamespaceFinalizeUpdate: finalizer names, each at its index. */
export function validateNamespaceFinalizeUpdate(ns: Namespace, old: Namespace): FieldError[] {
  const errors = validateObjectMetaUpdate(ns.metadata, old.metadata);
  (ns.spec?.finalizers ?? []).forEach((finalizer, i) => errors.push(...validateFinalizerName(finalizer, `spec.finalizers[${i}]`)));
  return errors;
}

/** The namespace strategy (its status and finalize hooks are the subresources'). */
export const namespaceStrategy: Strategy<Namespace> = {
  prepareForCreate: prepareNamespaceForCreate,
  validate: validateNamespace,
  prepareForUpdate: prepareNamespaceForUpdate,
  validateUpdate: validateNamespaceUpdate,
  prepareForDelete: prepareNamespaceForDelete,
  // upstream ShouldDeleteNamespaceDuringUpdate: a terminating namespace goes only once spec.finalizers are empty too.
  deletesOnUpdate: (ns) => (ns.spec?.finalizers ?? []).length === 0,
};

/** Namespaces have no deletecollection (3-resources endpoints table). */
const NAMESPACE_VERBS: readonly Verb[] = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];

/** The Namespace resource: `namespaces`, short name `ns`, subresources `status` and `finalize`. */
export const namespaceDefinition: ResourceDefinition<Namespace> = {
  group: '',
  version: 'v1',
  kind: 'Namespace',
  listKind: 'NamespaceList',
  resource: 'namespaces',
  singular: 'namespace',
  shortNames: ['ns'],
  namespaced: false,
  schema: NamespaceSchema,
  definitionName: `${CORE_V1}.Namespace`,
  verbs: NAMESPACE_VERBS,
  subresources: [
    statusSubresource({ prepareForUpdate: prepareNamespaceForStatusUpdate, validateUpdate: validateNamespaceStatusUpdate }),
    // upstream namespace finalize strategy: only spec.finalizers change; its reset field is status.
    { type: 'object', name: 'finalize', verbs: ['update'], prepareForUpdate: prepareForFinalizeUpdate, validateUpdate: validateNamespaceFinalizeUpdate, resetFields: ['status'] },
  ],
  defaults: defaultNamespace,
  strategy: namespaceStrategy,
  tableColumns: [
    nameColumn(),
    { definition: columnDefinition('Status', 'string', 'Phase of the namespace.'), cell: (ns) => ns.status?.phase ?? '' },
    ageColumn(),
  ],
  fieldSelectors: {
    'status.phase': (ns) => ns.status?.phase ?? '',
  },
};
