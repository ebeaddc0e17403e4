// CertificateSigning (2-access-control: admission plugins; upstream plugin/pkg/admission/certificates/signing, on by
// default in 1.25): an update of a CertificateSigningRequest's `status` that changes its certificate or conditions
// needs `sign` on the signer.
import type { CertificateSigningRequest } from '../../apis/certificates/v1/schemas.generated.js';
import { semanticEqual } from '../../apis/core/v1/pod/validation/common.js';
import type { Authorizer } from '../../authorization/authorizer.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';
import { isAuthorizedForSignerName } from './signer-authorization.js';

export function certificateSigning(authorizer: () => Authorizer | undefined): AdmissionPlugin {
  return {
    name: 'CertificateSigning',
    handles: (a) => a.operation === 'UPDATE' && a.subresource === 'status' && a.def.group === 'certificates.k8s.io' && a.def.resource === 'certificatesigningrequests',
    async validate(a) {
      if (a.operation !== 'UPDATE' || a.subresource !== 'status' || a.def.group !== 'certificates.k8s.io' || a.def.resource !== 'certificatesigningrequests') return;
      const authz = authorizer();
      if (!authz || !a.user || !a.object || !a.oldObject) return;
      const [csr, old] = [a.object as CertificateSigningRequest, a.oldObject as CertificateSigningRequest];
      if ((csr.status?.certificate ?? '') === (old.status?.certificate ?? '') && semanticEqual(csr.status?.conditions, old.status?.conditions)) return;
      const signerName = old.spec?.signerName ?? '';
      if (!(await isAuthorizedForSignerName(authz, a.user, 'sign', signerName))) {
        throw admissionForbidden(a, `user not permitted to sign requests with signerName ${JSON.stringify(signerName)}`);
      }
    },
  };
}
