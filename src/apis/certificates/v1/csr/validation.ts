// CertificateSigningRequest validation as upstream's (pkg/apis/certificates/validation, 1.25): the request's PEM
// and signature, usages, the signer name, expirationSeconds, the conditions and the certificate; on update, what
// each write path may change. Problems an update finds already stored are tolerated, as upstream's
// getValidationOptions does for compatibility.
import { GoLiteral, duplicate, forbidden, invalid, notSupported, required, tooLong, type FieldError } from '../../../../errors/field-errors.js';
import { isDNS1123Label, isDNS1123Subdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { semanticEqual } from '../../../core/v1/pod/validation/common.js';
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from '../schemas.generated.js';
import { certificateError, certificateRequestError } from './pem.js';

export const LEGACY_UNKNOWN_SIGNER = 'kubernetes.io/legacy-unknown';

/** allValidUsages, sorted as sets.String.List() gives them. */
const USAGES = [
  'any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only', 'digital signature',
  'email protection', 'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement', 'key encipherment', 'microsoft sgc',
  'netscape sgc', 'ocsp signing', 's/mime', 'server auth', 'signing', 'timestamping',
];
const TRUE_ONLY_TYPES = ['Approved', 'Denied', 'Failed'];
const STATUS_VALUES = ['True', 'False', 'Unknown'];

/** What the write path allows, and which stored problems an update tolerates. */
interface Options {
  settingApproval?: boolean;
  settingCertificate?: boolean;
  legacySigner?: boolean;
  duplicateUsages?: boolean;
  unknownUsages?: boolean;
  duplicateConditionTypes?: boolean;
  emptyConditionType?: boolean;
  bothApprovedAndDenied?: boolean;
  arbitraryCertificate?: boolean;
}

const bytes = (base64: string | undefined): Buffer => Buffer.from(base64 ?? '', 'base64');

/** Go's %#v of a []byte: `[]byte{0x2d, 0xa}`. */
const goBytes = (value: Buffer): GoLiteral => new GoLiteral(`[]byte{${[...value].map((b) => `0x${b.toString(16)}`).join(', ')}}`);

/** apivalidation.ValidateSignerName. */
export function validateSignerName(signerName: string, path: string): FieldError[] {
  if (signerName === '') return [required(path)];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [invalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain = '', rest = ''] = segments;
  const errors: FieldError[] = [];
  if (domain.length > 253) errors.push(tooLong(path, domain, 253));
  const labels = domain.split('.');
  for (const label of labels) {
    const problems = isDNS1123Label(label);
    if (problems.length === 0) continue;
    errors.push(...problems.map((p) => invalid(path, domain, `validating label ${JSON.stringify(label)}: ${p}`)));
    break;
  }
  if (labels.length < 2) errors.push(invalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  if (rest.length > 253 + 63 + 1) errors.push(tooLong(path, rest, 253 + 63 + 1));
  errors.push(...isDNS1123Subdomain(rest).map((p) => invalid(path, rest, p)));
  return errors;
}

function validateConditions(conditions: readonly CertificateSigningRequestCondition[], opts: Options): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditions.forEach((c, i) => {
    const at = `status.conditions[${i}]`;
    if (!opts.emptyConditionType && !c.type) errors.push(required(`${at}.type`));
    const allowed = TRUE_ONLY_TYPES.includes(c.type) ? ['True'] : STATUS_VALUES;
    // Upstream lists the condition types here, not the statuses.
    if (!c.status) errors.push(required(`${at}.status`));
    else if (!allowed.includes(c.status)) errors.push(notSupported(`${at}.status`, c.status, TRUE_ONLY_TYPES));
    if (!opts.bothApprovedAndDenied && (c.type === 'Approved' || c.type === 'Denied')) {
      if (c.type === 'Approved') approved = true;
      else denied = true;
      if (approved && denied) errors.push(invalid(`${at}.type`, c.type, 'Approved and Denied conditions are mutually exclusive'));
    }
    if (!opts.duplicateConditionTypes) {
      if (seen.has(c.type)) errors.push(duplicate(`${at}.type`, c.type));
      seen.add(c.type);
    }
  });
  return errors;
}

function validate(csr: CertificateSigningRequest, opts: Options): FieldError[] {
  const errors = validateObjectMeta(csr.metadata, { namespaced: false, nameValidator: () => [] });
  const request = bytes(csr.spec.request);
  const requestError = certificateRequestError(request);
  if (requestError) errors.push(invalid('spec.request', goBytes(request), requestError));
  const usages = csr.spec.usages ?? [];
  if (usages.length === 0) errors.push(required('spec.usages'));
  usages.forEach((u, i) => {
    if (!opts.unknownUsages && !USAGES.includes(u)) errors.push(notSupported(`spec.usages[${i}]`, u, USAGES));
  });
  usages.forEach((u, i) => {
    if (!opts.duplicateUsages && usages.indexOf(u) < i) errors.push(duplicate(`spec.usages[${i}]`, u));
  });
  if (!opts.legacySigner && csr.spec.signerName === LEGACY_UNKNOWN_SIGNER) errors.push(invalid('spec.signerName', csr.spec.signerName, 'the legacy signerName is not allowed via this API version'));
  else errors.push(...validateSignerName(csr.spec.signerName ?? '', 'spec.signerName'));
  const expiration = csr.spec.expirationSeconds;
  if (expiration !== undefined && expiration < 600) errors.push(invalid('spec.expirationSeconds', expiration, 'may not specify a duration less than 600 seconds (10 minutes)'));
  errors.push(...validateConditions(csr.status?.conditions ?? [], opts));
  const certificate = opts.arbitraryCertificate ? undefined : certificateError(bytes(csr.status?.certificate));
  if (certificate) errors.push(invalid('status.certificate', '<certificate data>', certificate));
  return errors;
}

/** ValidateCertificateSigningRequestCreate. */
export const validateCertificateSigningRequest = (csr: CertificateSigningRequest): FieldError[] => validate(csr, {});

/** getValidationOptions: what the stored object already breaks is tolerated. */
function tolerated(csr: CertificateSigningRequest, old: CertificateSigningRequest): Options {
  const usages = old.spec.usages ?? [];
  const conditions = old.status?.conditions ?? [];
  const types = conditions.map((c) => c.type);
  return {
    legacySigner: old.spec.signerName === LEGACY_UNKNOWN_SIGNER,
    duplicateUsages: new Set(usages).size < usages.length,
    unknownUsages: usages.some((u) => !USAGES.includes(u)),
    duplicateConditionTypes: new Set(types).size < types.length,
    emptyConditionType: types.includes(''),
    bothApprovedAndDenied: types.includes('Approved') && types.includes('Denied'),
    arbitraryCertificate: (csr.status?.certificate ?? '') === (old.status?.certificate ?? '') && certificateError(bytes(old.status?.certificate)) !== undefined,
  };
}

const ofType = (csr: CertificateSigningRequest, type: string) => (csr.status?.conditions ?? []).filter((c) => c.type === type);

/** validateCertificateSigningRequestUpdate for the main resource (`which` undefined), `status` or `approval`. */
export function validateCertificateSigningRequestUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest, which?: 'status' | 'approval'): FieldError[] {
  const opts: Options = { ...tolerated(csr, old), settingApproval: which === 'approval', settingCertificate: which === 'status' };
  const errors = validate(csr, opts);
  for (const type of ['Approved', 'Denied', 'Failed']) {
    if (ofType(csr, type).length < ofType(old, type).length) errors.push(forbidden('status.conditions', `updates may not remove a condition of type ${JSON.stringify(type)}`));
  }
  if (!opts.settingApproval) {
    for (const type of ['Approved', 'Denied']) {
      const [before, after] = [ofType(old, type), ofType(csr, type)];
      if (after.length > before.length) errors.push(forbidden('status.conditions', `updates may not add a condition of type ${JSON.stringify(type)}`));
      else if (after.length === before.length && !semanticEqual(before, after)) errors.push(forbidden('status.conditions', `updates may not modify a condition of type ${JSON.stringify(type)}`));
    }
  }
  if ((csr.status?.certificate ?? '') !== (old.status?.certificate ?? '')) {
    if (!opts.settingCertificate) errors.push(forbidden('status.certificate', 'updates may not set certificate content'));
    else if (old.status?.certificate) errors.push(forbidden('status.certificate', 'updates may not modify existing certificate content'));
  }
  return [...errors, ...validateObjectMetaUpdate(csr.metadata, old.metadata)];
}
