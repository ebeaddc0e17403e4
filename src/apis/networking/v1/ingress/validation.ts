// Ingress validation as upstream 1.25 (pkg/apis/networking/validation ValidateIngressCreate,
// ValidateIngressUpdate, ValidateIngressStatusUpdate): metadata, the spec (rules in rules.ts, backends
// in ../backend.ts, TLS, class name) and, on create, the class annotation beside the class field.
import { GoLiteral, invalid, type FieldError } from '../../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { validateLoadBalancerStatus } from '../../../core/v1/network-validation.js';
import { validateIngressBackend } from '../backend.js';
import type { Ingress, IngressSpec, IngressTLS } from '../schemas.generated.js';
import { hostMessages, validateIngressRuleValue, validateIngressRules, type IngressValidationOptions } from './rules.js';

/** The annotation that named an Ingress's class before `spec.ingressClassName` (deprecated). */
export const INGRESS_CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

/** Upstream validateTLSSecretName: empty, or a Secret name. */
const secretNameMessages = (name: string | undefined): string[] => (name ? nameIsDNSSubdomain(name, false) : []);

function validateTLS(tls: readonly IngressTLS[], opts: IngressValidationOptions): FieldError[] {
  const errors: FieldError[] = [];
  tls.forEach((entry, i) => {
    (entry.hosts ?? []).forEach((host, j) => errors.push(...hostMessages(host).map((m) => invalid(`spec.tls[${i}].hosts[${j}]`, host, m))));
    if (!opts.allowInvalidSecretName) errors.push(...secretNameMessages(entry.secretName).map((m) => invalid(`spec.tls[${i}].secretName`, entry.secretName, m)));
  });
  return errors;
}

/** Upstream ValidateIngressSpec. */
export function validateIngressSpec(spec: IngressSpec, opts: IngressValidationOptions): FieldError[] {
  const errors: FieldError[] = [];
  const rules = spec.rules ?? [];
  if (rules.length === 0 && !spec.defaultBackend) {
    errors.push(invalid('spec', new GoLiteral(spec.rules ? '[]networking.IngressRule{}' : '[]networking.IngressRule(nil)'), 'either `defaultBackend` or `rules` must be specified'));
  }
  if (spec.defaultBackend) errors.push(...validateIngressBackend(spec.defaultBackend, 'spec.defaultBackend'));
  if (rules.length > 0) errors.push(...validateIngressRules(rules, 'spec.rules', opts));
  errors.push(...validateTLS(spec.tls ?? [], opts));
  const className = spec.ingressClassName;
  if (className !== undefined) errors.push(...nameIsDNSSubdomain(className, false).map((m) => invalid('spec.ingressClassName', className, m)));
  return errors;
}

function validateIngress(ingress: Ingress, opts: IngressValidationOptions): FieldError[] {
  return [...validateObjectMeta(ingress.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateIngressSpec(ingress.spec ?? {}, opts)];
}

/** Upstream ValidateIngressCreate: no leniency, and the class annotation may not sit beside the class field. */
export function validateIngressCreate(ingress: Ingress): FieldError[] {
  const errors = validateIngress(ingress, { allowInvalidSecretName: false, allowInvalidWildcardHostRule: false });
  const annotation = ingress.metadata.annotations?.[INGRESS_CLASS_ANNOTATION];
  if (annotation !== undefined && ingress.spec?.ingressClassName !== undefined) {
    errors.push(invalid(`annotations.${INGRESS_CLASS_ANNOTATION}`, annotation, 'can not be set when the class field is also set'));
  }
  return errors;
}

/** Upstream ValidateIngressUpdate: what the stored object already got away with stays allowed. */
export function validateIngressUpdate(ingress: Ingress, old: Ingress): FieldError[] {
  const opts: IngressValidationOptions = {
    allowInvalidSecretName: (old.spec?.tls ?? []).some((t) => secretNameMessages(t.secretName).length > 0),
    allowInvalidWildcardHostRule: hasInvalidWildcardRule(old),
  };
  return [...validateObjectMetaUpdate(ingress.metadata, old.metadata), ...validateIngress(ingress, opts)];
}

/** A stored rule with a wildcard host whose paths would not validate today (upstream allowInvalidWildcardHostRule). */
function hasInvalidWildcardRule(old: Ingress): boolean {
  return (old.spec?.rules ?? []).some((r) => (r.host ?? '').includes('*') && validateIngressRuleValue(r.http, 'spec.rules').length > 0);
}

/** Upstream ValidateIngressStatusUpdate: metadata and the load balancer's ingress points. */
export function validateIngressStatusUpdate(ingress: Ingress, old: Ingress): FieldError[] {
  return [...validateObjectMetaUpdate(ingress.metadata, old.metadata), ...validateLoadBalancerStatus(ingress.status?.loadBalancer, 'status.loadBalancer')];
}
