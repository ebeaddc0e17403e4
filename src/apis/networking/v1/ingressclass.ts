// IngressClass (networking.k8s.io/v1, cluster-scoped): defaults, validation as upstream 1.25
// ValidateIngressClass / ValidateIngressClassUpdate, and the table NAME CONTROLLER PARAMETERS AGE. The
// default-class annotation is acted on by DefaultIngressClass admission (admission/plugins/), not here.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { forbidden, invalid, notSupported, required, tooLong, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateDomainPrefixedPath, validateNamespaceName, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { validateTypedReference } from './backend.js';
import { IngressClassSchema, type IngressClass, type IngressClassParametersReference } from './schemas.generated.js';

export { IngressClassSchema, type IngressClass };

/** The annotation that marks the class Ingresses without one get (DefaultIngressClass admission). */
export const DEFAULT_INGRESS_CLASS_ANNOTATION = 'ingressclass.kubernetes.io/is-default-class';

const MAX_CONTROLLER_LENGTH = 250;
/** Parameter scopes, sorted as upstream lists them. */
const SCOPES: readonly string[] = ['Cluster', 'Namespace'];

/** Upstream SetDefaults_IngressClass: parameters without a scope are cluster-scoped. */
export function defaultIngressClass(ic: IngressClass): void {
  ic.spec ??= {};
  if (ic.spec.parameters && ic.spec.parameters.scope === undefined) ic.spec.parameters.scope = 'Cluster';
}

/** Upstream validateIngressClassParametersReference: the reference, then a scope and its namespace rule. */
function validateParameters(params: IngressClassParametersReference | undefined): FieldError[] {
  if (!params) return [];
  const path = 'spec.parameters';
  const errors = validateTypedReference(params, path);
  if (params.scope === undefined) return [...errors, required(`${path}.scope`)];
  if (!SCOPES.includes(params.scope)) return [...errors, notSupported(`${path}.scope`, params.scope, SCOPES)];
  const namespace = params.namespace;
  if (params.scope === 'Namespace') {
    if (namespace === undefined) errors.push(required(`${path}.namespace`, "`parameters.scope` is set to 'Namespace'"));
    else errors.push(...validateNamespaceName(namespace, false).map((m) => invalid(`${path}.namespace`, namespace, m)));
  } else if (namespace !== undefined) errors.push(forbidden(`${path}.namespace`, "`parameters.scope` is set to 'Cluster'"));
  return errors;
}

/** Upstream ValidateIngressClass: metadata, a domain-prefixed controller of at most 250 characters, parameters. */
export function validateIngressClass(ic: IngressClass): FieldError[] {
  const errors = validateObjectMeta(ic.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const controller = ic.spec?.controller ?? '';
  if (controller.length > MAX_CONTROLLER_LENGTH) errors.push(tooLong('spec.controller', controller, MAX_CONTROLLER_LENGTH));
  errors.push(...validateDomainPrefixedPath(controller, 'spec.controller'));
  return [...errors, ...validateParameters(ic.spec?.parameters)];
}

/** Upstream ValidateIngressClassUpdate: metadata, the controller fixed, then the create rules. */
export function validateIngressClassUpdate(ic: IngressClass, old: IngressClass): FieldError[] {
  const errors = validateObjectMetaUpdate(ic.metadata, old.metadata);
  const controller = ic.spec?.controller ?? '';
  if (controller !== (old.spec?.controller ?? '')) errors.push(invalid('spec.controller', controller, 'field is immutable'));
  return [...errors, ...validateIngressClass(ic)];
}

/** Upstream printIngressClass's parameters cell: `<kind>[.<apiGroup>]/<name>`, `<none>` without. */
function parametersCell(ic: IngressClass): string {
  const p = ic.spec?.parameters;
  if (!p) return '<none>';
  return `${p.kind ?? ''}${p.apiGroup !== undefined ? `.${p.apiGroup}` : ''}/${p.name ?? ''}`;
}

const columns: TableColumn<IngressClass>[] = [
  nameColumn(),
  { definition: columnDefinition('Controller', 'string', 'Controller that is responsible for handling this class'), cell: (ic) => ic.spec?.controller ?? '' },
  { definition: columnDefinition('Parameters', 'string', 'A reference to a resource with additional parameters'), cell: parametersCell },
  ageColumn(),
];

/** The IngressClass resource: `ingressclasses`, every verb, no short name (as upstream). */
export const ingressClassDefinition: ResourceDefinition<IngressClass> = {
  group: 'networking.k8s.io',
  version: 'v1',
  kind: 'IngressClass',
  listKind: 'IngressClassList',
  resource: 'ingressclasses',
  singular: 'ingressclass',
  namespaced: false,
  schema: IngressClassSchema,
  definitionName: 'io.k8s.api.networking.v1.IngressClass',
  verbs: ALL_VERBS,
  defaults: defaultIngressClass,
  strategy: { validate: validateIngressClass, validateUpdate: validateIngressClassUpdate, tracksGeneration: true },
  tableColumns: columns,
};
