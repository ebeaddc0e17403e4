// The PodSecurity admission plugin (upstream plugin/pkg/admission/security/podsecurity over
// k8s.io/pod-security-admission v0.25; on by default in 1.25): the Pod Security Standards enforced per
// namespace by its `pod-security.kubernetes.io/*` labels, configured by a PodSecurityConfiguration in
// `--admission-control-config-file`. Validating only; creates and updates of pods, namespaces and pod controllers.
import type { AdmissionPlugin } from '../../types.js';
import { handlesResource, PodSecurityAdmission, type PodSecurityDeps, type PodSecurityOptions } from './admission.js';
import { PLUGIN_NAME, type LoadedPodSecurityConfiguration } from './configuration.js';

/** upstream podsecurityadmissionapi.AuditAnnotationPrefix. */
const AUDIT_ANNOTATION_PREFIX = 'pod-security.kubernetes.io/';

export { loadPodSecurityConfiguration, type LoadedPodSecurityConfiguration } from './configuration.js';
export type { PodSecurityDeps } from './admission.js';

export function podSecurityAdmission(loaded: LoadedPodSecurityConfiguration, deps: PodSecurityDeps, options: PodSecurityOptions = {}): AdmissionPlugin {
  // The audit level counts only for an audited request (its annotations are all it changes): requests nobody
  // audits skip it, as it costs an evaluation.
  const unaudited = new PodSecurityAdmission(loaded, deps, { audit: false, ...options });
  const audited = new PodSecurityAdmission(loaded, deps, { audit: true, ...options });
  return {
    name: PLUGIN_NAME,
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && handlesResource(a.def.group, a.def.resource),
    async validate(a) {
      if ((a.operation !== 'CREATE' && a.operation !== 'UPDATE') || !handlesResource(a.def.group, a.def.resource)) return;
      const response = await (a.auditAnnotations ? audited : unaudited).validate(a);
      if (response.warnings && a.warnings) a.warnings.push(...response.warnings);
      // upstream's plugin prefixes the library's annotations (enforce-policy, audit-violations, exempt, error).
      for (const [key, value] of Object.entries(response.auditAnnotations ?? {})) a.auditAnnotations?.add(`${AUDIT_ANNOTATION_PREFIX}${key}`, value);
      if (!response.allowed && response.error) throw response.error;
    },
  };
}
