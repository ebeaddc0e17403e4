// The PodSecurity admission plugin (upstream plugin/pkg/admission/security/podsecurity over
// k8s.io/pod-security-admission v0.25; on by default in 1.25): the Pod Security Standards enforced per
// namespace by its `pod-security.kubernetes.io/*` labels, configured by a PodSecurityConfiguration in
// `--admission-control-config-file`. Validating only; creates and updates of pods, namespaces and pod controllers.
import type { AdmissionPlugin } from '../../types.js';
import { handlesResource, PodSecurityAdmission, type PodSecurityDeps, type PodSecurityOptions } from './admission.js';
import { PLUGIN_NAME, type LoadedPodSecurityConfiguration } from './configuration.js';

export { loadPodSecurityConfiguration, type LoadedPodSecurityConfiguration } from './configuration.js';
export type { PodSecurityDeps } from './admission.js';

export function podSecurityAdmission(loaded: LoadedPodSecurityConfiguration, deps: PodSecurityDeps, options: PodSecurityOptions = {}): AdmissionPlugin {
  // kplane keeps no audit annotations of admission yet: the audit level is not evaluated (see PodSecurityOptions.audit).
  const core = new PodSecurityAdmission(loaded, deps, { audit: false, ...options });
  return {
    name: PLUGIN_NAME,
    async validate(a) {
      if ((a.operation !== 'CREATE' && a.operation !== 'UPDATE') || !handlesResource(a.def.group, a.def.resource)) return;
      const response = await core.validate(a);
      if (response.warnings && a.warnings) a.warnings.push(...response.warnings);
      if (!response.allowed && response.error) throw response.error;
    },
  };
}
