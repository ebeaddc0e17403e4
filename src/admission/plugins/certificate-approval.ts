// CertificateApproval (2-access-control: admission plugins; upstream plugin/pkg/admission/certificates/approval, on
// by default in 1.25): an update of a CertificateSigningRequest's `approval` needs `approve` on the signer.
import type { CertificateSigningRequest } from '../../apis/certificates/v1/schemas.generated.js';
import type { Authorizer } from '../../authorization/authorizer.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';
import { isAuthorizedForSignerName } from './signer-authorization.js';

export function certificateApproval(authorizer: () => Authorizer | undefined): AdmissionPlugin {
  return {
    name: 'CertificateApproval',
    handles: (a) => a.operation === 'UPDATE' && a.subresource === 'approval' && a.def.group === 'certificates.k8s.io' && a.def.resource === 'certificatesigningrequests',
    async validate(a) {
      if (a.operation !== 'UPDATE' || a.subresource !== 'approval' || a.def.group !== 'certificates.k8s.io' || a.def.resource !== 'certificatesigningrequests') return;
      const authz = authorizer();
      if (!authz || !a.user || !a.object) return;
      // The new object's signer: an approval that also changes the signer is refused by validation.
      const signerName = (a.object as CertificateSigningRequest).spec?.signerName ?? '';
      if (!(await isAuthorizedForSignerName(authz, a.user, 'approve', signerName))) {
        throw admissionForbidden(a, `user not permitted to approve requests with signerName ${JSON.stringify(signerName)}`);
      }
    },
  };
}
