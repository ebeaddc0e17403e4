// DefaultIngressClass (2-access-control: admission plugins; upstream plugin/pkg/admission/network/
// defaultingressclass, on by default in 1.25). An Ingress created without `spec.ingressClassName` and
// without the `kubernetes.io/ingress.class` annotation gets the class annotated
// `ingressclass.kubernetes.io/is-default-class: "true"`; when several classes are, the create is refused
// with 403 Forbidden. Updates and subresources are left alone.
import { admissionForbidden } from '../forbidden.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { INGRESS_CLASS_ANNOTATION } from '../../apis/networking/v1/ingress/index.js';
import { DEFAULT_INGRESS_CLASS_ANNOTATION } from '../../apis/networking/v1/ingressclass.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';

/** The one class annotated as default, undefined when none; a message when there are several. */
function defaultClass(classes: readonly Readonly<KubeObject>[]): { name?: string; error?: string } {
  const defaults = classes.filter((c) => c.metadata.annotations?.[DEFAULT_INGRESS_CLASS_ANNOTATION] === 'true');
  if (defaults.length > 1) return { error: `${defaults.length} default IngressClasses were found, only 1 allowed` };
  return defaults[0] ? { name: defaults[0].metadata.name ?? '' } : {};
}

/** Upstream admission.NewForbidden around the internal error getDefaultClass returns. */
function refusal(a: AdmissionAttributes, why: string): Error {
  return admissionForbidden(a, `Internal error occurred: ${why}`);
}

/** `listIngressClasses` reads every IngressClass (the plugin's informer upstream). */
export function defaultIngressClassAdmission(listIngressClasses: () => Promise<readonly Readonly<KubeObject>[]>): AdmissionPlugin {
  return {
    name: 'DefaultIngressClass',
    handles: (a) => a.operation === 'CREATE' && !a.subresource && a.def.group === 'networking.k8s.io' && a.def.resource === 'ingresses',
    async admit(a) {
      if (a.operation !== 'CREATE' || a.subresource || a.def.group !== 'networking.k8s.io' || a.def.resource !== 'ingresses') return;
      const ingress = a.object;
      if (!ingress) return;
      const spec = (ingress['spec'] ??= {}) as { ingressClassName?: string };
      if (spec.ingressClassName !== undefined || ingress.metadata.annotations?.[INGRESS_CLASS_ANNOTATION] !== undefined) return;
      const found = defaultClass(await listIngressClasses());
      if (found.error) throw refusal(a, found.error);
      if (found.name === undefined) return;
      spec.ingressClassName = found.name;
    },
  };
}
