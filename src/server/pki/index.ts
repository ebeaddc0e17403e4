// The serving PKI: a generated CA, serving certificate and admin client certificate kept in the
// cert directory, created on first start and reused (and repaired where needed) afterwards.
export { ensureCertificates, type EnsureCertificatesOptions } from './ensure-certificates.js';
export { writeFileAtomic } from './atomic-write.js';
export { adminSubject, caCommonName, pkiFileNames, type Pki } from './pki.js';
export { defaultServingHosts } from './serving-names.js';
