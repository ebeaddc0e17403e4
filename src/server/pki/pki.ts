/** The cluster PKI as PEM strings, plus where it lives (ARCHITECTURE §5: generated in the data directory). */
export interface Pki {
  /** CA certificate (PEM); trusted for client certificates and given to clients in the kubeconfig. */
  readonly caCert: string;
  /** CA private key (PKCS#8 PEM); signs the serving and client certificates. */
  readonly caKey: string;
  /** Serving certificate (PEM) presented by the HTTPS listener. */
  readonly servingCert: string;
  /** Serving private key (PKCS#8 PEM). */
  readonly servingKey: string;
  /** Admin client certificate (PEM): CN `kubernetes-admin`, O `system:masters`. */
  readonly adminCert: string;
  /** Admin client private key (PKCS#8 PEM). */
  readonly adminKey: string;
  /** Directory holding the files below. */
  readonly certDir: string;
}

/** One PEM certificate with its private key. */
export interface CertificateAndKey {
  readonly cert: string;
  readonly key: string;
}

/** File names inside the cert directory, per Pki field. */
export const pkiFileNames = {
  caCert: 'ca.crt',
  caKey: 'ca.key',
  servingCert: 'apiserver.crt',
  servingKey: 'apiserver.key',
  adminCert: 'admin.crt',
  adminKey: 'admin.key',
} as const;

/** A Pki field that is stored in a file. */
export type PkiFile = keyof typeof pkiFileNames;

/** Subject CN of the generated CA. */
export const caCommonName = 'kplane-ca';
/** Subject of the generated admin client certificate (bound to cluster-admin by RBAC bootstrap). */
export const adminSubject = { commonName: 'kubernetes-admin', organizations: ['system:masters'] } as const;
