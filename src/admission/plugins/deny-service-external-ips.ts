// DenyServiceExternalIPs (2-access-control: admission plugins; upstream plugin/pkg/admission/network/
// denyserviceexternalips, off by default): a service may not be created with `spec.externalIPs`, nor updated to
// an external IP it did not have; removing some is allowed. Subresources (status) are left alone.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';

const externalIPs = (service: Readonly<KubeObject> | undefined): readonly string[] =>
  ((service?.['spec'] as { externalIPs?: string[] } | undefined)?.externalIPs) ?? [];

export function denyServiceExternalIPs(): AdmissionPlugin {
  return {
    name: 'DenyServiceExternalIPs',
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.resource === 'services' && !a.subresource,
    validate(a) {
      const wanted = externalIPs(a.object);
      // upstream isSubset: none is a subset; on create, any is not; on update, each must be an old one.
      if (wanted.length === 0) return;
      const old = new Set(a.operation === 'UPDATE' ? externalIPs(a.oldObject) : []);
      if (wanted.every((ip) => old.has(ip))) return;
      throw admissionForbidden(a, 'Use of external IPs is denied by admission control');
    },
  };
}
