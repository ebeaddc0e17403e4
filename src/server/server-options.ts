// startServer()'s options: one field per kube-apiserver (and kube-controller-manager) flag kplane serves, named in
// each field's comment, and the checks of those the flags' option groups check too, so that an embedder gets the
// CLI's answers (upstream's messages).

import type { AuthenticationOptions } from '../auth/index.js';
import type { OidcOptions } from '../auth/authenticators/oidc/index.js';
import type { AuthorizationOptions } from '../authorization/modes.js';
import type { Backend } from '../storage/interface.js';
import type { AuditOptions } from './audit.js';
import type { EtcdOptions, StorageKind } from './backend.js';
import type { ClusterSigningOptions } from './cluster-signing.js';
import type { LeaderElectionOptions } from './controllers.js';
import type { FeatureGateSettings } from './feature-gates/index.js';
import type { EndpointReconcilerType } from './kubernetes-service.js';
import type { ServiceAccountOptions } from './service-accounts.js';

export interface ServerOptions extends AuthenticationOptions {
  /** `sqlite` (default), `memory`, or `etcd` (with `etcd`). */
  storage?: StorageKind;
  etcd?: EtcdOptions;
  /** Where the database, certificates and admin kubeconfig live; default `./kplane-data` (a temp dir for memory). */
  dataDir?: string;
  /** Where the CA and certificates live; default the data directory. */
  certDir?: string;
  /** HTTPS port; default 6443; 0 picks a free one. */
  securePort?: number;
  bindAddress?: string;
  /** `--tls-min-version`: `VersionTLS10` to `VersionTLS13`; default TLS 1.2. */
  tlsMinVersion?: string;
  /** `--http2-max-streams-per-connection`: the streams an HTTP/2 client may open at once; 0 or unset: 250, as upstream. */
  http2MaxStreamsPerConnection?: number;
  /**
   * `--tls-cert-file` and `--tls-private-key-file`: the serving certificate (its chain after it) and key,
   * served again when the files change; default a certificate generated in the cert directory.
   */
  tlsCertFile?: string;
  tlsPrivateKeyFile?: string;
  /** `--tls-cipher-suites`: TLS 1.0–1.2 suites by IANA name, as Go names them; default Go 1.19's (server/tls-settings.ts). */
  tlsCipherSuites?: readonly string[];
  /** `--runtime-config` pairs (`api/beta=false`, `storage.k8s.io/v1beta1=false`, ...): which built-ins are served. */
  runtimeConfig?: readonly string[];
  /**
   * Leader election of the in-process controllers over Leases in kube-system, so that of several replicas on
   * one etcd exactly one runs each controller. Default: on with etcd storage, off otherwise (see
   * server/controllers.ts); an object sets the identity and durations (tests use short ones).
   */
  leaderElection?: boolean | LeaderElectionOptions;
  /** `--service-cluster-ip-range`: the CIDR (or two, dual-stack) cluster IPs come from; default 10.0.0.0/24. */
  serviceClusterIPRange?: string;
  /** `--service-node-port-range`: default 30000-32767. */
  serviceNodePortRange?: string;
  /** `--advertise-address`: this replica's address in the `kubernetes` Endpoints (default: see server/kubernetes-service.ts). */
  advertiseAddress?: string;
  /** `--max-requests-inflight`: read-only requests served at once, default 400; 0 for no limit. */
  maxRequestsInflight?: number;
  /** `--max-mutating-requests-inflight`: mutating requests served at once, default 200; 0 for no limit. */
  maxMutatingRequestsInflight?: number;
  /** `--request-timeout` in milliseconds: the cap on requests that are not long-running, default 60 s. */
  requestTimeoutMs?: number;
  /** `--min-request-timeout` in seconds: watches without `timeoutSeconds` end after [this, 2×this), default 1800. */
  minRequestTimeoutSeconds?: number;
  /** `--shutdown-delay-duration` in milliseconds: how long stop() keeps serving with /readyz failing; default 0. */
  shutdownDelayMs?: number;
  /** `--livez-grace-period` in milliseconds: how long after start /livez ignores unfinished post-start hooks; default 0. */
  livezGracePeriodMs?: number;
  /** `--oidc-*`: OpenID Connect ID tokens as bearer tokens. */
  oidc?: OidcOptions;
  /** `--enable-bootstrap-token-auth`: bootstrap token Secrets of kube-system as bearer tokens. */
  enableBootstrapTokenAuth?: boolean;
  /** `--enable-admission-plugins`, by upstream name, beside the default-on ones. */
  enableAdmissionPlugins?: readonly string[];
  /** `--disable-admission-plugins`. */
  disableAdmissionPlugins?: readonly string[];
  /**
   * `--admission-control-config-file`: an AdmissionConfiguration (`apiserver.config.k8s.io/v1` or `v1alpha1`)
   * giving plugins their configuration (PodSecurity's PodSecurityConfiguration), read and checked at start.
   */
  admissionControlConfigFile?: string;
  /** `--default-not-ready-toleration-seconds` and `--default-unreachable-toleration-seconds` (DefaultTolerationSeconds); 300 each. */
  defaultTolerationSeconds?: { notReadySeconds: number; unreachableSeconds: number };
  /** `--endpoint-reconciler-type`: how the `kubernetes` Endpoints are kept: `lease` (default), `master-count`, `none`. */
  endpointReconcilerType?: EndpointReconcilerType;
  /** `--apiserver-count`: the replicas the master-count reconciler keeps in the Endpoints (default 1). */
  apiserverCount?: number;
  /**
   * `--external-hostname`: the host (and port, if it has one) of the URLs the server gives out of itself, the
   * default `jwks_uri` of service account issuer discovery; default the advertise address and the secure port.
   */
  externalHostname?: string;
  /** `--goaway-chance`: the fraction of HTTP/2 requests whose connection is sent GOAWAY (0 to 0.02; default 0). */
  goawayChance?: number;
  /** `--cors-allowed-origins`: regular expressions (unanchored; JavaScript's dialect for Go's RE2) of the origins given CORS headers; one that does not compile fails the start. */
  corsAllowedOrigins?: readonly string[];
  /** `--strict-transport-security-directives`, checked: the Strict-Transport-Security header of every response. */
  strictTransportSecurityDirectives?: readonly string[];
  /** `--event-ttl` in whole seconds: how long an event lives after its last write; default 3600, 0 or less never expires. */
  eventTtlSeconds?: number;
  /**
   * `--allow-privileged`: whether pods and pod templates may have privileged containers (and Windows hostProcess
   * pods); refused otherwise with upstream's `disallowed by cluster policy`. Default true, as kubeadm, kind and
   * other distributions start kube-apiserver (its own flag default is false).
   */
  allowPrivileged?: boolean;
  /** `--audit-policy-file`, `--audit-log-*`: the audit log; off without a log path. */
  audit?: AuditOptions;
  /** `--enable-priority-and-fairness` (with the APIPriorityAndFairness gate): API Priority and Fairness instead of the in-flight limits; default true. */
  enablePriorityAndFairness?: boolean;
  /** kube-controller-manager's `--controllers` for the in-process controllers; default `*`. */
  controllers?: readonly string[];
  /**
   * kube-controller-manager's `--cluster-signing-*`: the CA of each signer csrsigning runs (the general pair for
   * all four, or per-signer pairs) and the longest lifetime of its certificates; default kplane's CA, one year.
   */
  clusterSigning?: ClusterSigningOptions;
  /** Service account tokens: keys, issuers, lookup, expiration (server/service-accounts.ts). */
  serviceAccounts?: ServiceAccountOptions;
  /** `--api-audiences`: default the service account issuers. */
  apiAudiences?: readonly string[];
  /** `--authorization-mode` and the flags of its modes. */
  authorization?: AuthorizationOptions;
  /** `--feature-gates`: gates of kube-apiserver 1.25 by name (server/feature-gates/); the others keep their defaults. */
  featureGates?: FeatureGateSettings;
  /**
   * For tests only, no flag: the backend the server uses in place of the one it opened (a wrapper of it:
   * the stalled storage of test/e2e/storage-stall.test.ts). Called once at start.
   */
  wrapBackend?: (backend: Backend) => Backend;
}

/** `--apiserver-count`: upstream's check, in kube-apiserver's Validate. */
export function apiserverCountError(count: number): string | undefined {
  return count > 0 ? undefined : `--apiserver-count should be a positive number, but value '${count}' provided`;
}

/** `--goaway-chance`: upstream's check, in ServerRunOptions.Validate. */
export function goawayChanceError(chance: number): string | undefined {
  return chance >= 0 && chance <= 0.02 ? undefined : '--goaway-chance can not be less than 0 or greater than 0.02';
}

/** The errors of the options both the flags and startServer check. */
export function serverRunErrors(options: Pick<ServerOptions, 'apiserverCount' | 'goawayChance'>): string[] {
  return [
    options.apiserverCount === undefined ? undefined : apiserverCountError(options.apiserverCount),
    options.goawayChance === undefined ? undefined : goawayChanceError(options.goawayChance),
  ].filter((e): e is string => e !== undefined);
}
