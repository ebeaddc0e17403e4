// CertificateSubjectRestriction (2-access-control: admission plugins; upstream plugin/pkg/admission/certificates/
// subjectrestriction, on by default in 1.25): a request to the kube-apiserver-client signer may not ask for the
// `system:masters` group.
import { certificateRequestOrganizations } from '../../apis/certificates/v1/csr/pem.js';
import type { CertificateSigningRequest } from '../../apis/certificates/v1/schemas.generated.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';

const KUBE_APISERVER_CLIENT = 'kubernetes.io/kube-apiserver-client';

export function certificateSubjectRestriction(): AdmissionPlugin {
  return {
    name: 'CertificateSubjectRestriction',
    validate(a) {
      if (a.operation !== 'CREATE' || a.subresource || a.def.group !== 'certificates.k8s.io' || a.def.resource !== 'certificatesigningrequests' || !a.object) return;
      const csr = a.object as CertificateSigningRequest;
      if (csr.spec?.signerName !== KUBE_APISERVER_CLIENT) return;
      const organizations = certificateRequestOrganizations(Buffer.from(csr.spec.request ?? '', 'base64'));
      if (typeof organizations === 'string') throw admissionForbidden(a, `failed to parse CSR: ${organizations}`);
      if (organizations.includes('system:masters')) throw admissionForbidden(a, `use of ${KUBE_APISERVER_CLIENT} signer with system:masters group is not allowed`);
    },
  };
}
