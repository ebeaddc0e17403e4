// Which requests each built-in signer accepts (upstream pkg/controller/certificates/signer/signer.go
// isRecognized and its four predicates, over pkg/apis/certificates/helpers.go): a request a signer
// refuses gets upstream's error text, which the controller writes into a Failed condition.

/** The built-in signers the csrsigning controller signs for (upstream certificates/v1 signer names). */
export const KUBE_APISERVER_CLIENT = 'kubernetes.io/kube-apiserver-client';
export const KUBE_APISERVER_CLIENT_KUBELET = 'kubernetes.io/kube-apiserver-client-kubelet';
export const KUBELET_SERVING = 'kubernetes.io/kubelet-serving';
export const LEGACY_UNKNOWN = 'kubernetes.io/legacy-unknown';

/** The four, in the order upstream's startCSRSigningController starts their signers. */
export const BUILT_IN_SIGNERS: readonly string[] = [KUBELET_SERVING, KUBE_APISERVER_CLIENT_KUBELET, KUBE_APISERVER_CLIENT, LEGACY_UNKNOWN];

/** What the rules read of a request: its subject and subjectAltNames, as Go's x509.CertificateRequest holds them. */
export interface RequestNames {
  /** Every O value, in order (Go's Subject.Organization). */
  readonly organizations: readonly string[];
  /** The last CN value, or '' (Go's Subject.CommonName). */
  readonly commonName: string;
  readonly dnsNames: readonly string[];
  readonly ipAddresses: readonly string[];
  readonly emailAddresses: readonly string[];
  readonly uris: readonly string[];
}

/** A signer's verdict: not this controller's signer, refused with upstream's message, or accepted. */
export type SignerVerdict = { recognized: false } | { recognized: true; error?: string };

const ORGANIZATION_NOT_SYSTEM_NODES = 'subject organization is not system:nodes';
const COMMON_NAME_NOT_SYSTEM_NODE = 'subject common name does not begin with system:node:';
const DNS_OR_IP_SAN_REQUIRED = 'DNS or IP subjectAltName is required';
const DNS_SAN_NOT_ALLOWED = 'DNS subjectAltNames are not allowed';
const EMAIL_SAN_NOT_ALLOWED = 'Email subjectAltNames are not allowed';
const IP_SAN_NOT_ALLOWED = 'IP subjectAltNames are not allowed';
const URI_SAN_NOT_ALLOWED = 'URI subjectAltNames are not allowed';

// Each kubelet set also holds without `key encipherment`, which non-RSA keys cannot use (upstream's *NoRSA sets).
const KUBELET_SERVING_USAGES = ['digital signature', 'key encipherment', 'server auth'];
const KUBELET_CLIENT_USAGES = ['client auth', 'digital signature', 'key encipherment'];

/** upstream's sets.String Equal: duplicates in spec.usages collapse. */
function sameSet(usages: readonly string[], wanted: readonly string[]): boolean {
  const set = new Set(usages);
  return set.size === wanted.length && wanted.every((usage) => set.has(usage));
}

/** Whether usages are `wanted`, or `wanted` less `key encipherment`. */
function kubeletUsagesMatch(usages: readonly string[], wanted: readonly string[]): boolean {
  return sameSet(usages, wanted) || sameSet(usages, wanted.filter((usage) => usage !== 'key encipherment'));
}

/** Go's `%v` of a sorted string slice: `[a b c]`. */
const goList = (values: readonly string[]): string => `[${[...values].sort().join(' ')}]`;

const isSystemNodes = (names: RequestNames): boolean => names.organizations.length === 1 && names.organizations[0] === 'system:nodes';

/** upstream capihelper.ValidateKubeletServingCSR. */
export function validateKubeletServing(names: RequestNames, usages: readonly string[]): string | undefined {
  if (!isSystemNodes(names)) return ORGANIZATION_NOT_SYSTEM_NODES;
  if (names.dnsNames.length === 0 && names.ipAddresses.length === 0) return DNS_OR_IP_SAN_REQUIRED;
  if (names.emailAddresses.length > 0) return EMAIL_SAN_NOT_ALLOWED;
  if (names.uris.length > 0) return URI_SAN_NOT_ALLOWED;
  if (!kubeletUsagesMatch(usages, KUBELET_SERVING_USAGES)) return `usages did not match ${goList(KUBELET_SERVING_USAGES)}`;
  if (!names.commonName.startsWith('system:node:')) return COMMON_NAME_NOT_SYSTEM_NODE;
  return undefined;
}

/** upstream capihelper.ValidateKubeletClientCSR (its checks in upstream's order: the name before the usages). */
export function validateKubeletClient(names: RequestNames, usages: readonly string[]): string | undefined {
  if (!isSystemNodes(names)) return ORGANIZATION_NOT_SYSTEM_NODES;
  if (names.dnsNames.length > 0) return DNS_SAN_NOT_ALLOWED;
  if (names.emailAddresses.length > 0) return EMAIL_SAN_NOT_ALLOWED;
  if (names.ipAddresses.length > 0) return IP_SAN_NOT_ALLOWED;
  if (names.uris.length > 0) return URI_SAN_NOT_ALLOWED;
  if (!names.commonName.startsWith('system:node:')) return COMMON_NAME_NOT_SYSTEM_NODE;
  if (!kubeletUsagesMatch(usages, KUBELET_CLIENT_USAGES)) return `usages did not match ${goList(KUBELET_CLIENT_USAGES)}`;
  return undefined;
}

/** upstream validAPIServerClientUsages: `client auth` required, only `digital signature` and `key encipherment` besides. */
export function validateAPIServerClientUsages(usages: readonly string[]): string | undefined {
  let hasClientAuth = false;
  for (const usage of usages) {
    if (usage === 'client auth') hasClientAuth = true;
    else if (usage !== 'digital signature' && usage !== 'key encipherment') return `invalid usage for client certificate: ${usage}`;
  }
  return hasClientAuth ? undefined : 'missing required usage for client certificate: client auth';
}

const verdict = (error: string | undefined): SignerVerdict => (error === undefined ? { recognized: true } : { recognized: true, error });

/**
 * upstream signer.isRecognized over isKubeletServing, isKubeletClient, isKubeAPIServerClient and
 * isLegacyUnknown: whether `signerName` is a built-in signer, and if so what it makes of the request.
 */
export function signerVerdict(signerName: string, names: RequestNames, usages: readonly string[]): SignerVerdict {
  switch (signerName) {
    case KUBELET_SERVING:
      return verdict(validateKubeletServing(names, usages));
    case KUBE_APISERVER_CLIENT_KUBELET:
      return verdict(validateKubeletClient(names, usages));
    case KUBE_APISERVER_CLIENT:
      return verdict(validateAPIServerClientUsages(usages));
    case LEGACY_UNKNOWN:
      return { recognized: true }; // no restrictions on usages, subject or names
    default:
      return { recognized: false };
  }
}

/** Whether the csrsigning controller signs for `signerName` (upstream's fast path before parsing the request). */
export const isBuiltInSigner = (signerName: string): boolean =>
  signerName === KUBELET_SERVING || signerName === KUBE_APISERVER_CLIENT_KUBELET || signerName === KUBE_APISERVER_CLIENT || signerName === LEGACY_UNKNOWN;
