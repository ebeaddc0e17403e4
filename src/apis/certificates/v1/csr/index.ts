// CertificateSigningRequest (certificates.k8s.io/v1, cluster-scoped; 2-access-control "CertificateSigningRequest"):
// `certificatesigningrequests`, short name `csr`, with the `status` and `approval` subresources, validation
// (validation.ts), strategies (strategy.ts) and the table kubectl shows (upstream printCertificateSigningRequest).
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../../registry/resource-definition.js';
import type { ObjectSubresource } from '../../../../registry/subresource.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { humanDuration } from '../../../printers/human-duration.js';
import { CertificateSigningRequestListSchema, CertificateSigningRequestSchema, type CertificateSigningRequest } from '../schemas.generated.js';
import { prepareCSRForApprovalUpdate, prepareCSRForCreate, prepareCSRForStatusUpdate, prepareCSRForUpdate } from './strategy.js';
import { validateCertificateSigningRequest, validateCertificateSigningRequestUpdate } from './validation.js';

export { CertificateSigningRequestSchema, type CertificateSigningRequest };

/** extractCSRStatus: Denied or Approved or Pending, then Failed and Issued. */
export function csrCondition(csr: CertificateSigningRequest): string {
  const types = new Set((csr.status?.conditions ?? []).map((c) => c.type));
  let text = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) text += ',Failed';
  if (csr.status?.certificate) text += ',Issued';
  return text;
}

const columns: TableColumn<CertificateSigningRequest>[] = [
  nameColumn(),
  ageColumn(),
  { definition: columnDefinition('SignerName', 'string', 'The signer the request is for.'), cell: (csr) => csr.spec.signerName || '<none>' },
  { definition: columnDefinition('Requestor', 'string', 'The user who created the request.'), cell: (csr) => csr.spec.username ?? '' },
  {
    definition: columnDefinition('RequestedDuration', 'string', 'The validity the request asks of the issued certificate.'),
    cell: (csr) => (csr.spec.expirationSeconds === undefined ? '<none>' : humanDuration(csr.spec.expirationSeconds * 1000)),
  },
  { definition: columnDefinition('Condition', 'string', 'Whether the request is approved or denied, and whether a certificate was issued.'), cell: csrCondition },
];

const statusSubresource: ObjectSubresource<CertificateSigningRequest> = {
  type: 'object',
  name: 'status',
  verbs: ['get', 'patch', 'update'],
  prepareForUpdate: prepareCSRForStatusUpdate,
  validateUpdate: (csr, old) => validateCertificateSigningRequestUpdate(csr, old, 'status'),
  resetFields: ['spec'],
  resetOnMainResource: ['status'],
};

const approvalSubresource: ObjectSubresource<CertificateSigningRequest> = {
  type: 'object',
  name: 'approval',
  verbs: ['get', 'patch', 'update'],
  prepareForUpdate: prepareCSRForApprovalUpdate,
  validateUpdate: (csr, old) => validateCertificateSigningRequestUpdate(csr, old, 'approval'),
  resetFields: ['spec'],
};

/** The CertificateSigningRequest resource. */
export const certificateSigningRequestDefinition: ResourceDefinition<CertificateSigningRequest> = {
  group: 'certificates.k8s.io',
  version: 'v1',
  kind: 'CertificateSigningRequest',
  listKind: 'CertificateSigningRequestList',
  resource: 'certificatesigningrequests',
  singular: 'certificatesigningrequest',
  shortNames: ['csr'],
  namespaced: false,
  schema: CertificateSigningRequestSchema,
  listSchema: CertificateSigningRequestListSchema,
  definitionName: 'io.k8s.api.certificates.v1.CertificateSigningRequest',
  verbs: ALL_VERBS,
  subresources: [statusSubresource, approvalSubresource],
  strategy: {
    prepareForCreate: prepareCSRForCreate,
    prepareForUpdate: prepareCSRForUpdate,
    validate: validateCertificateSigningRequest,
    validateUpdate: (csr, old) => validateCertificateSigningRequestUpdate(csr, old),
  },
  tableColumns: columns,
  storage: { resourcePath: 'certificates.k8s.io/certificatesigningrequests' },
};
