import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FlagError, parseServeFlags, serveUsage, serverOptionsOf, type ServeOptions } from './flags.js';

const defaults: ServeOptions = {
  tolerationSeconds: { notReadySeconds: 300, unreachableSeconds: 300 },
  securePort: 6443,
  http2MaxStreamsPerConnection: 0,
  bindAddress: '127.0.0.1',
  tlsCipherSuites: [],
  tlsMinVersion: undefined,
  tlsCertFile: '',
  tlsPrivateKeyFile: '',
  advertiseAddress: undefined,
  allowPrivileged: true,
  serviceClusterIPRange: '10.0.0.0/24',
  serviceNodePortRange: '30000-32767',
  tokenAuthFile: undefined,
  anonymousAuth: true,
  apiAudiences: [],
  clientCAFile: undefined,
  tokenWebhookConfigFile: undefined,
  tokenWebhookVersion: 'v1beta1',
  tokenWebhookCacheTtlMs: 120_000,
  authorizationModes: undefined,
  authorizationPolicyFile: undefined,
  authorizationWebhookConfigFile: undefined,
  authorizationWebhookVersion: 'v1beta1',
  authorizationWebhookCacheAuthorizedTtlMs: 300_000,
  authorizationWebhookCacheUnauthorizedTtlMs: 30_000,
  requestHeaderClientCAFile: undefined,
  requestHeaderAllowedNames: [],
  requestHeaderUsernameHeaders: [],
  requestHeaderGroupHeaders: [],
  requestHeaderExtraHeadersPrefix: [],
  runtimeConfig: [],
  dataDir: './kplane-data',
  certDir: './kplane-data',
  storage: 'sqlite',
  etcdServers: [],
  etcdPrefix: '/registry',
  etcdCaFile: undefined,
  etcdCertFile: undefined,
  etcdKeyFile: undefined,
  etcdCompactionIntervalMs: 300_000,
  maxRequestsInflight: 400,
  maxMutatingRequestsInflight: 200,
  minRequestTimeout: 1800,
  requestTimeoutMs: 60_000,
  eventTtlMs: 3_600_000,
  hstsDirectives: [],
  corsAllowedOrigins: [],
  goawayChance: 0,
  externalHostname: undefined,
  endpointReconcilerType: 'lease',
  apiserverCount: 1,
  shutdownDelayMs: 0,
  livezGracePeriodMs: 0,
  enableBootstrapTokenAuth: false,
  oidc: undefined,
  enableAdmissionPlugins: [],
  disableAdmissionPlugins: [],
  admissionControlConfigFile: '',
  controllers: ['*'],
  enablePriorityAndFairness: true,
  audit: { logFormat: 'json', logMode: 'blocking', logMaxAge: 0, logMaxBackup: 0, logMaxSize: 0, logCompress: false },
  clusterSigning: { durationMs: 31_536_000_000 },
  serviceAccounts: { keyFiles: [], issuers: [], lookup: true, extendTokenExpiration: true, maxTokenExpirationSeconds: 0 },
  featureGates: {},
  verbosity: 0,
  help: false,
  version: false,
};

describe('parseServeFlags', () => {
  const cases: { args: string[]; expected: Partial<ServeOptions> }[] = [
    { args: [], expected: {} },
    { args: ['--service-cluster-ip-range=10.96.0.0/12', '--service-node-port-range', '30000+99'], expected: { serviceClusterIPRange: '10.96.0.0/12', serviceNodePortRange: '30000-30099' } },
    { args: ['--advertise-address=192.0.2.10'], expected: { advertiseAddress: '192.0.2.10' } },
    { args: ['--secure-port=8443'], expected: { securePort: 8443 } },
    { args: ['--secure-port', '0'], expected: { securePort: 0 } },
    { args: ['--http2-max-streams-per-connection=1000'], expected: { http2MaxStreamsPerConnection: 1000 } },
    { args: ['--bind-address', '::'], expected: { bindAddress: '::' } },
    { args: ['--tls-min-version=VersionTLS13'], expected: { tlsMinVersion: 'VersionTLS13' } },
    { args: ['--tls-min-version', 'VersionTLS10'], expected: { tlsMinVersion: 'VersionTLS10' } },
    { args: ['--tls-min-version='], expected: {} },
    { args: ['--tls-cert-file=/a.crt', '--tls-private-key-file=/a.key'], expected: { tlsCertFile: '/a.crt', tlsPrivateKeyFile: '/a.key' } },
    {
      args: ['--tls-cipher-suites=TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305', '--tls-cipher-suites', 'TLS_RSA_WITH_RC4_128_SHA,TLS_AES_128_GCM_SHA256'],
      expected: { tlsCipherSuites: ['TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384', 'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305', 'TLS_RSA_WITH_RC4_128_SHA', 'TLS_AES_128_GCM_SHA256'] },
    },
    { args: ['--token-auth-file=/etc/tokens.csv'], expected: { tokenAuthFile: '/etc/tokens.csv' } },
    { args: ['--anonymous-auth=false'], expected: { anonymousAuth: false } },
    { args: ['--api-audiences=https://kplane,api', '--client-ca-file', '/etc/ca.pem'], expected: { apiAudiences: ['https://kplane', 'api'], clientCAFile: '/etc/ca.pem' } },
    {
      args: ['--authentication-token-webhook-config-file=/etc/wh.yaml', '--authentication-token-webhook-version=v1', '--authentication-token-webhook-cache-ttl=30s'],
      expected: { tokenWebhookConfigFile: '/etc/wh.yaml', tokenWebhookVersion: 'v1', tokenWebhookCacheTtlMs: 30_000 },
    },
    { args: ['--authorization-mode=AlwaysDeny'], expected: { authorizationModes: ['AlwaysDeny'] } },
    { args: ['--authorization-mode=RBAC,ABAC', '--authorization-policy-file=/etc/abac.jsonl'], expected: { authorizationModes: ['RBAC', 'ABAC'], authorizationPolicyFile: '/etc/abac.jsonl' } },
    {
      args: ['--authorization-mode=Node,Webhook,RBAC', '--authorization-webhook-config-file=/etc/authz.yaml', '--authorization-webhook-version=v1',
        '--authorization-webhook-cache-authorized-ttl=1m', '--authorization-webhook-cache-unauthorized-ttl=0s'],
      expected: { authorizationModes: ['Node', 'Webhook', 'RBAC'], authorizationWebhookConfigFile: '/etc/authz.yaml', authorizationWebhookVersion: 'v1',
        authorizationWebhookCacheAuthorizedTtlMs: 60_000, authorizationWebhookCacheUnauthorizedTtlMs: 0 },
    },
    {
      args: ['--requestheader-client-ca-file=/etc/proxy-ca.pem', '--requestheader-allowed-names=front-proxy', '--requestheader-username-headers=X-Remote-User',
        '--requestheader-group-headers=X-Remote-Group', '--requestheader-extra-headers-prefix=X-Remote-Extra-,X-Other-'],
      expected: { requestHeaderClientCAFile: '/etc/proxy-ca.pem', requestHeaderAllowedNames: ['front-proxy'], requestHeaderUsernameHeaders: ['X-Remote-User'],
        requestHeaderGroupHeaders: ['X-Remote-Group'], requestHeaderExtraHeadersPrefix: ['X-Remote-Extra-', 'X-Other-'] },
    },
    { args: ['--data-dir', '/var/lib/kplane'], expected: { dataDir: '/var/lib/kplane', certDir: '/var/lib/kplane' } },
    { args: ['--data-dir=/d', '--cert-dir=/c'], expected: { dataDir: '/d', certDir: '/c' } },
    { args: ['--storage=memory'], expected: { storage: 'memory' } },
    { args: ['--max-requests-inflight=0', '--max-mutating-requests-inflight', '10'], expected: { maxRequestsInflight: 0, maxMutatingRequestsInflight: 10 } },
    { args: ['--request-timeout=30s', '--min-request-timeout=60'], expected: { requestTimeoutMs: 30_000, minRequestTimeout: 60 } },
    { args: ['--shutdown-delay-duration=5s', '--livez-grace-period=1m'], expected: { shutdownDelayMs: 5_000, livezGracePeriodMs: 60_000 } },
    { args: ['--event-ttl=90m'], expected: { eventTtlMs: 5_400_000 } },
    { args: ['--goaway-chance=.001'], expected: { goawayChance: 0.001 } },
    { args: ['--external-hostname=api.example.com'], expected: { externalHostname: 'api.example.com' } },
    { args: ['--endpoint-reconciler-type=master-count', '--apiserver-count=3'], expected: { endpointReconcilerType: 'master-count', apiserverCount: 3 } },
    { args: ['--strict-transport-security-directives=max-age=31536000,includeSubDomains', '--strict-transport-security-directives', 'preload'],
      expected: { hstsDirectives: ['max-age=31536000', 'includeSubDomains', 'preload'] } },
    { args: ['--cors-allowed-origins=//localhost(:|$),(?i)//app\\.example\\.com$'], expected: { corsAllowedOrigins: ['//localhost(:|$)', '(?i)//app\\.example\\.com$'] } },
    { args: ['--runtime-config=api/beta=false,storage.k8s.io/v1=true', '--runtime-config', 'x/v1'], expected: { runtimeConfig: ['api/beta=false', 'storage.k8s.io/v1=true', 'x/v1'] } },
    {
      args: ['--etcd-servers=https://a:2379,https://b:2379', '--etcd-servers', 'https://c:2379'],
      expected: { storage: 'etcd', etcdServers: ['https://a:2379', 'https://b:2379', 'https://c:2379'] },
    },
    {
      args: ['--storage', 'etcd', '--etcd-servers=http://e:2379', '--etcd-prefix=/kplane',
        '--etcd-cafile=ca.pem', '--etcd-certfile=c.pem', '--etcd-keyfile=k.pem'],
      expected: { storage: 'etcd', etcdServers: ['http://e:2379'], etcdPrefix: '/kplane',
        etcdCaFile: 'ca.pem', etcdCertFile: 'c.pem', etcdKeyFile: 'k.pem' },
    },
    { args: ['--etcd-compaction-interval=1h'], expected: { etcdCompactionIntervalMs: 3_600_000 } },
    { args: ['--etcd-compaction-interval', '0'], expected: { etcdCompactionIntervalMs: 0 } },
    { args: ['-v', '4'], expected: { verbosity: 4 } },
    { args: ['-v=3'], expected: { verbosity: 3 } },
    { args: ['-v2'], expected: { verbosity: 2 } },
    { args: ['--v=5'], expected: { verbosity: 5 } },
    { args: ['--help'], expected: { help: true } },
    { args: ['-h'], expected: { help: true } },
    { args: ['-hv', '1'], expected: { help: true, verbosity: 1 } },
    { args: ['--help=false'], expected: { help: false } },
    { args: ['--version'], expected: { version: true } },
    { args: ['--version=true'], expected: { version: true } },
    { args: ['--help', '--storage=etcd'], expected: { help: true, storage: 'etcd' } }, // help skips validation
    { args: ['--secure-port=1', '--secure-port=2'], expected: { securePort: 2 } },
    { args: ['--enable-bootstrap-token-auth'], expected: { enableBootstrapTokenAuth: true } },
    {
      args: ['--oidc-issuer-url=https://issuer', '--oidc-client-id=kplane'],
      expected: { oidc: { issuerURL: 'https://issuer', clientID: 'kplane', usernameClaim: 'sub', signingAlgs: ['RS256'], requiredClaims: {} } },
    },
    {
      args: ['--oidc-issuer-url=https://issuer', '--oidc-client-id=kplane', '--oidc-ca-file=ca.pem', '--oidc-username-claim=email',
        '--oidc-username-prefix=-', '--oidc-groups-claim=groups', '--oidc-groups-prefix=oidc:', '--oidc-signing-algs=ES256,RS256',
        '--oidc-required-claim=hd=example.com', '--oidc-required-claim', ' tier = gold,silver'],
      expected: { oidc: { issuerURL: 'https://issuer', clientID: 'kplane', caFile: 'ca.pem', usernameClaim: 'email', usernamePrefix: '-',
        groupsClaim: 'groups', groupsPrefix: 'oidc:', signingAlgs: ['ES256', 'RS256'], requiredClaims: { hd: 'example.com', tier: 'gold,silver' } } },
    },
    { args: ['--enable-admission-plugins=DefaultIngressClass', '--disable-admission-plugins=Priority,LimitRanger'],
      expected: { enableAdmissionPlugins: ['DefaultIngressClass'], disableAdmissionPlugins: ['Priority', 'LimitRanger'] } },
    { args: ['--admission-control-config-file=admission.yaml'], expected: { admissionControlConfigFile: 'admission.yaml' } },
    { args: ['--controllers=*,tokencleaner,-namespace'], expected: { controllers: ['*', 'tokencleaner', '-namespace'] } },
    { args: ['--enable-priority-and-fairness=false'], expected: { enablePriorityAndFairness: false } },
    { args: ['--allow-privileged=false'], expected: { allowPrivileged: false } },
    { args: ['--allow-privileged'], expected: { allowPrivileged: true } },
    { args: ['--audit-policy-file=p.yaml', '--audit-log-path=-', '--audit-log-format=legacy', '--audit-log-maxsize=5', '--audit-log-compress'],
      expected: { audit: { policyFile: 'p.yaml', logPath: '-', logBatch: { bufferSize: 10_000, maxBatchSize: 1, maxBatchWaitMs: 0 }, logFormat: 'legacy', logMode: 'blocking', logMaxAge: 0, logMaxBackup: 0, logMaxSize: 5, logCompress: true } } },
    // upstream's batch defaults: the log's a batch per event without throttle, the webhook's 400 in 30 s throttled at 10/s after 15.
    { args: ['--audit-log-path=a.log', '--audit-log-mode=batch', '--audit-log-batch-max-size=50', '--audit-log-batch-max-wait=5s', '--audit-log-batch-throttle-enable', '--audit-log-batch-throttle-qps=2.5', '--audit-log-batch-throttle-burst=3', '--audit-log-truncate-enabled', '--audit-log-truncate-max-event-size=2048', '--audit-webhook-config-file=w.yaml'],
      expected: { audit: {
        logPath: 'a.log', logBatch: { bufferSize: 10_000, maxBatchSize: 50, maxBatchWaitMs: 5_000, throttle: { qps: 2.5, burst: 3 } }, logTruncate: { maxEventSize: 2048, maxBatchSize: 10_485_760 },
        webhookConfigFile: 'w.yaml', webhookMode: 'batch', webhookInitialBackoffMs: 10_000, webhookBatch: { bufferSize: 10_000, maxBatchSize: 400, maxBatchWaitMs: 30_000, throttle: { qps: 10, burst: 15 } },
        logFormat: 'json', logMode: 'batch', logMaxAge: 0, logMaxBackup: 0, logMaxSize: 0, logCompress: false,
      } } },
    { args: ['--cluster-signing-cert-file=ca.crt', '--cluster-signing-key-file', 'ca.key', '--cluster-signing-duration=2h'],
      expected: { clusterSigning: { certFile: 'ca.crt', keyFile: 'ca.key', durationMs: 7_200_000 } } },
    { args: ['--cluster-signing-kubelet-serving-cert-file=s.crt', '--cluster-signing-kubelet-serving-key-file=s.key',
      '--cluster-signing-kubelet-client-cert-file=c.crt', '--cluster-signing-kubelet-client-key-file=c.key',
      '--cluster-signing-kube-apiserver-client-cert-file=a.crt', '--cluster-signing-kube-apiserver-client-key-file=a.key',
      '--cluster-signing-legacy-unknown-cert-file=l.crt', '--cluster-signing-legacy-unknown-key-file=l.key'],
      expected: { clusterSigning: { kubeletServing: { certFile: 's.crt', keyFile: 's.key' }, kubeletClient: { certFile: 'c.crt', keyFile: 'c.key' },
        kubeAPIServerClient: { certFile: 'a.crt', keyFile: 'a.key' }, legacyUnknown: { certFile: 'l.crt', keyFile: 'l.key' }, durationMs: 31_536_000_000 } } },
    { args: ['--cluster-signing-kube-apiserver-client-cert-file=a.crt', '--cluster-signing-kube-apiserver-client-key-file=a.key'],
      expected: { clusterSigning: { kubeAPIServerClient: { certFile: 'a.crt', keyFile: 'a.key' }, durationMs: 31_536_000_000 } } },
    // Half the general pair is no option error: the controller does not run (upstream's log line at start).
    { args: ['--cluster-signing-cert-file=ca.crt'], expected: { clusterSigning: { certFile: 'ca.crt', durationMs: 31_536_000_000 } } },
    // --help skips the checks.
    { args: ['--help', '--cluster-signing-cert-file=ca.crt', '--cluster-signing-legacy-unknown-key-file=l.key'],
      expected: { help: true, clusterSigning: { certFile: 'ca.crt', legacyUnknown: { keyFile: 'l.key' }, durationMs: 31_536_000_000 } } },
    { args: ['--feature-gates=APIListChunking=false, ServerSideFieldValidation = f,,', '--feature-gates', 'ServerSideApply=true'],
      expected: { featureGates: { APIListChunking: false, ServerSideFieldValidation: false, ServerSideApply: true } } },
    {
      args: ['--service-account-issuer=https://a,b', '--service-account-issuer', 'c', '--service-account-key-file=k1.pem,k2.pem',
        '--service-account-key-file', 'k3.pem', '--service-account-signing-key-file=s.pem', '--api-audiences=x,y',
        '--service-account-lookup=false', '--service-account-extend-token-expiration=false', '--service-account-max-token-expiration=2h',
        '--service-account-jwks-uri=https://example.com/jwks'],
      expected: {
        apiAudiences: ['x', 'y'],
        serviceAccounts: { keyFiles: ['k1.pem', 'k2.pem', 'k3.pem'], issuers: ['https://a,b', 'c'], lookup: false, extendTokenExpiration: false,
          maxTokenExpirationSeconds: 7200, signingKeyFile: 's.pem', jwksURI: 'https://example.com/jwks' },
      },
    },
  ];
  for (const { args, expected } of cases) {
    it(args.join(' ') || '(no flags)', () => assert.deepEqual(parseServeFlags(args), { ...defaults, ...expected }));
  }

  const errors: { args: string[]; message: string }[] = [
    { args: ['--foo'], message: 'unknown flag: --foo' },
    { args: ['--audit-log-path=a.log', '--audit-log-format=xml'], message: 'invalid audit log format xml, allowed formats are "legacy,json"' },
    { args: ['--audit-log-path=a.log', '--audit-log-mode=async'], message: 'invalid audit log mode async, allowed modes are "batch,blocking,blocking-strict"' },
    { args: ['--audit-log-path=a.log', '--audit-log-maxsize=-1'], message: "--audit-log-maxsize -1 can't be a negative number" },
    { args: ['--audit-log-path=a.log', '--audit-log-version=audit.k8s.io/v1beta1'], message: 'invalid group version, allowed versions are ["audit.k8s.io/v1"]' },
    { args: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-version=a/b/c'], message: 'unexpected GroupVersion string: a/b/c' },
    // Every error of both backends, as one aggregate (upstream AuditOptions.Validate).
    { args: ['--audit-log-path=a.log', '--audit-log-format=xml', '--audit-log-maxage=-1', '--audit-webhook-config-file=w.yaml', '--audit-webhook-mode=sync'],
      message: '[invalid audit log format xml, allowed formats are "legacy,json", --audit-log-maxage -1 can\'t be a negative number, invalid audit webhook mode sync, allowed modes are "batch,blocking,blocking-strict"]' },
    { args: ['--audit-log-path=a.log', '--audit-log-mode=batch', '--audit-log-batch-max-size=0'], message: 'invalid audit batch log max batch size 0, must be a positive number' },
    { args: ['--audit-log-path=a.log', '--audit-log-mode=batch', '--audit-log-batch-throttle-enable'], message: 'invalid audit batch log throttle QPS 0, must be a positive number' },
    { args: ['--audit-log-path=a.log', '--audit-log-mode=batch', '--audit-log-batch-throttle-enable', '--audit-log-batch-throttle-qps=-0.1'], message: 'invalid audit batch log throttle QPS -0.1, must be a positive number' },
    { args: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-batch-throttle-burst=0'], message: 'invalid audit batch webhook throttle burst 0, must be a positive number' },
    { args: ['--audit-webhook-config-file=w.yaml', '--audit-webhook-truncate-max-event-size=0'], message: 'invalid audit truncate webhook max event size 0, must be a positive number' },
    { args: ['--audit-log-path=a.log', '--audit-log-truncate-max-batch-size=10', '--audit-log-truncate-max-event-size=20'], message: 'invalid audit truncate log max batch size 10, must be greater than max event size (20)' },
    { args: ['--audit-log-path=a.log', '--audit-log-batch-throttle-qps=x'], message: 'invalid argument "x" for "--audit-log-batch-throttle-qps" flag: strconv.ParseFloat: parsing "x": invalid syntax' },
    { args: ['--foo=bar'], message: 'unknown flag: --foo' },
    { args: ['-x'], message: "unknown shorthand flag: 'x' in -x" },
    { args: ['---secure-port=1'], message: 'bad flag syntax: ---secure-port=1' },
    { args: ['--secure-port'], message: 'flag needs an argument: --secure-port' },
    { args: ['-v'], message: "flag needs an argument: 'v' in -v" },
    { args: ['--secure-port=abc'], message: 'invalid argument "abc" for "--secure-port" flag: strconv.ParseInt: parsing "abc": invalid syntax' },
    { args: ['--v=high'], message: 'invalid argument "high" for "-v, --v" flag: strconv.ParseInt: parsing "high": invalid syntax' },
    { args: ['--help=maybe'], message: 'invalid argument "maybe" for "-h, --help" flag: strconv.ParseBool: parsing "maybe": invalid syntax' },
    { args: ['--bind-address=localhost'], message: 'invalid argument "localhost" for "--bind-address" flag: failed to parse IP: "localhost"' },
    { args: ['--storage=disk'], message: 'invalid argument "disk" for "--storage" flag: must be one of sqlite, memory, etcd' },
    { args: ['--etcd-compaction-interval=5'], message: 'invalid argument "5" for "--etcd-compaction-interval" flag: time: missing unit in duration "5"' },
    { args: ['--secure-port=70000'], message: '--secure-port 70000 must be between 0 and 65535, inclusive' },
    { args: ['--tls-min-version=TLSv1.2'], message: 'unknown tls version "TLSv1.2"' },
    { args: ['--tls-cert-file=/a.crt'], message: '--tls-cert-file and --tls-private-key-file must be specified together' },
    { args: ['--tls-min-version=versiontls12'], message: 'unknown tls version "versiontls12"' },
    { args: ['--tls-cipher-suites=TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,ECDHE-RSA-AES128-GCM-SHA256'], message: "Cipher suite ECDHE-RSA-AES128-GCM-SHA256 not supported or doesn't exist" },
    { args: ['--tls-cipher-suites=TLS_DHE_RSA_WITH_AES_128_GCM_SHA256', '--tls-min-version=Bogus'], message: "Cipher suite TLS_DHE_RSA_WITH_AES_128_GCM_SHA256 not supported or doesn't exist" },
    { args: ['--storage=etcd'], message: '--etcd-servers must be specified' },
    { args: ['--max-requests-inflight=-1'], message: '--max-requests-inflight can not be negative value' },
    { args: ['--endpoint-reconciler-type=dns'], message: 'Reconciler not implemented: dns' },
    { args: ['--apiserver-count=0'], message: '--apiserver-count should be a positive number, but value \'0\' provided' },
    { args: ['--goaway-chance=0.03'], message: '--goaway-chance can not be less than 0 or greater than 0.02' },
    { args: ['--goaway-chance=-0.001'], message: '--goaway-chance can not be less than 0 or greater than 0.02' },
    { args: ['--goaway-chance=often'], message: 'invalid argument "often" for "--goaway-chance" flag: strconv.ParseFloat: parsing "often": invalid syntax' },
    { args: ['--strict-transport-security-directives=max-age'], message: '--strict-transport-security-directives invalid, allowed values: max-age=expireTime, includeSubDomains, preload. see https://tools.ietf.org/html/rfc6797#section-6.1 for more information' },
    { args: ['--strict-transport-security-directives=max-age=1,includesubdomains'], message: '--strict-transport-security-directives invalid, allowed values: max-age=expireTime, includeSubDomains, preload. see https://tools.ietf.org/html/rfc6797#section-6.1 for more information' },
    // Blank values are kept (pflag's CSV reading): each is named, every error in one aggregate, repeats once.
    { args: ['--strict-transport-security-directives=max-age=1,,preload, ', '--strict-transport-security-directives=maxage=1'],
      message: '[empty value in strict-transport-security-directives, --strict-transport-security-directives invalid, allowed values: max-age=expireTime, includeSubDomains, preload. see https://tools.ietf.org/html/rfc6797#section-6.1 for more information]' },
    { args: ['--max-mutating-requests-inflight=-5'], message: '--max-mutating-requests-inflight can not be negative value' },
    { args: ['--storage=memory', '--etcd-servers=http://e:2379'], message: '--etcd-servers cannot be used with --storage=memory' },
    { args: ['--authentication-token-webhook-config-file=w.yaml', '--authentication-token-webhook-version=v2'], message: 'unsupported authentication webhook version "v2", supported versions are "v1", "v1beta1"' },
    { args: ['--authorization-mode='], message: 'at least one authorization-mode must be passed' },
    { args: ['--authorization-mode=Magic'], message: 'authorization-mode "Magic" is not a valid mode' },
    { args: ['--authorization-mode=ABAC'], message: "authorization-mode ABAC's authorization policy file not passed" },
    { args: ['--authorization-mode=Webhook'], message: "authorization-mode Webhook's authorization config file not passed" },
    { args: ['--authorization-policy-file=p.jsonl'], message: 'cannot specify --authorization-policy-file without mode ABAC' },
    { args: ['--authorization-mode=RBAC', '--authorization-webhook-config-file=w.yaml'], message: 'cannot specify --authorization-webhook-config-file without mode Webhook' },
    { args: ['--authorization-mode=RBAC,Node,RBAC'], message: 'authorization-mode ["RBAC" "Node" "RBAC"] has mode specified more than once' },
    { args: ['--authorization-mode=ABAC,Bogus'], message: '[authorization-mode ABAC\'s authorization policy file not passed, authorization-mode "Bogus" is not a valid mode]' },
    { args: ['--authorization-mode=Webhook', '--authorization-webhook-config-file=w.yaml', '--authorization-webhook-version=v2'],
      message: 'unsupported webhook authorizer version "v2", supported versions are "v1", "v1beta1"' },
    { args: ['--authorization-webhook-cache-authorized-ttl=5'], message: 'invalid argument "5" for "--authorization-webhook-cache-authorized-ttl" flag: time: missing unit in duration "5"' },
    { args: ['--anonymous-auth=maybe'], message: 'invalid argument "maybe" for "--anonymous-auth" flag: strconv.ParseBool: parsing "maybe": invalid syntax' },
    { args: ['--oidc-issuer-url=https://issuer'], message: 'oidc-issuer-url and oidc-client-id should be specified together' },
    { args: ['--oidc-client-id=kplane'], message: 'oidc-issuer-url and oidc-client-id should be specified together' },
    { args: ['--oidc-required-claim=hd'], message: 'invalid argument "hd" for "--oidc-required-claim" flag: malformed pair, expect string=string' },
    { args: ['--enable-admission-plugins=Bogus'], message: 'enable-admission-plugins plugin "Bogus" is unknown' },
    { args: ['--disable-admission-plugins=Bogus,Priority', '--enable-admission-plugins=Priority'],
      message: '[disable-admission-plugins plugin "Bogus" is unknown, [Priority] in enable-admission-plugins and disable-admission-plugins overlapped]' },
    { args: ['--controllers=*,nope'], message: '"nope" is not in the list of known controllers' },
    // upstream CSRSigningControllerOptions.Validate, with its names of the pairs.
    { args: ['--cluster-signing-kubelet-serving-cert-file=s.crt'], message: '"cluster-signing-kubelet-serving": cannot specify cert without key' },
    { args: ['--cluster-signing-kubelet-client-key-file=c.key'], message: '"cluster-signing-kube-apiserver-client": cannot specify key without cert' },
    { args: ['--cluster-signing-kube-apiserver-client-cert-file=a.crt'], message: '"cluster-signing-kube-apiserver": cannot specify cert without key' },
    { args: ['--cluster-signing-legacy-unknown-key-file=l.key'], message: '"cluster-signing-legacy-unknown": cannot specify key without cert' },
    { args: ['--cluster-signing-cert-file=ca.crt', '--cluster-signing-key-file=ca.key', '--cluster-signing-kubelet-serving-cert-file=s.crt', '--cluster-signing-kubelet-serving-key-file=s.key'],
      message: 'cannot specify --cluster-signing-{cert,key}-file and other --cluster-signing-*-file flags at the same time' },
    { args: ['--cluster-signing-key-file=ca.key', '--cluster-signing-legacy-unknown-cert-file=l.crt', '--cluster-signing-legacy-unknown-key-file=l.key'],
      message: 'cannot specify --cluster-signing-{cert,key}-file and other --cluster-signing-*-file flags at the same time' },
    { args: ['--controllers=nope', '--cluster-signing-cert-file=ca.crt', '--cluster-signing-kubelet-client-cert-file=c.crt'],
      message: '["nope" is not in the list of known controllers, "cluster-signing-kube-apiserver-client": cannot specify cert without key, cannot specify --cluster-signing-{cert,key}-file and other --cluster-signing-*-file flags at the same time]' },
    { args: ['--service-account-issuer='], message: 'service-account-issuer should not be an empty string' },
    { args: ['--service-account-issuer=a', '--service-account-issuer=a'], message: 'service-account-issuer "a" is already specified' },
    { args: ['--service-account-max-token-expiration=10m'], message: 'the service-account-max-token-expiration must be between 1 hour and 2^32 seconds' },
    { args: ['--service-account-jwks-uri=http://x/jwks'], message: 'service-account-jwks-uri requires https scheme, parsed as: http://x/jwks' },
    { args: ['--service-account-signing-key-file=s.pem'], message: 'service-account-key-file is a required flag' },
    { args: ['--feature-gates=Nope=true'], message: 'invalid argument "Nope=true" for "--feature-gates" flag: unrecognized feature gate: Nope' },
    { args: ['--feature-gates=PodSecurity=false'], message: 'invalid argument "PodSecurity=false" for "--feature-gates" flag: cannot set feature gate PodSecurity to false, feature is locked to true' },
    { args: ['--feature-gates=APIListChunking'], message: 'invalid argument "APIListChunking" for "--feature-gates" flag: missing bool value for APIListChunking' },
    { args: ['extra'], message: '"kplane serve" does not take any arguments, got ["extra"]' },
    { args: ['--', '--secure-port=1'], message: '"kplane serve" does not take any arguments, got ["--secure-port=1"]' },
  ];
  for (const { args, message } of errors) {
    it(`rejects ${args.join(' ')}`, () => {
      assert.throws(() => parseServeFlags(args), (error: unknown) => {
        assert.ok(error instanceof FlagError);
        assert.equal(error.message, message);
        return true;
      });
    });
  }
});

describe('serveUsage', () => {
  it('lists every flag with its type and default, aligned, in name order', () => {
    const usage = serveUsage();
    assert.match(usage, /^Usage:\n {2}kplane serve \[flags\]\n\nFlags:\n/);
    const lines = usage.split('\n').filter((line) => line.startsWith('  -') || line.startsWith('      --'));
    const names = lines.map((line) => /--([\w-]+)/.exec(line)?.[1]);
    assert.deepEqual(names, [...names].sort());
    for (const flag of ['bind-address', 'cert-dir', 'data-dir', 'etcd-servers', 'help', 'runtime-config', 'secure-port', 'storage', 'token-auth-file', 'v', 'version'])
      assert.ok(names.includes(flag), `--${flag} is listed`);
    assert.equal(new Set(names).size, names.length, 'each flag once');
    assert.match(usage, /--secure-port int +The port .*\(default 6443\)/);
    assert.match(usage, /--etcd-compaction-interval duration +.*\(default 5m0s\)/);
    assert.match(usage, /--etcd-prefix string +.*\(default "\/registry"\)/);
    assert.match(usage, /--bind-address ip +.*\(default 127\.0\.0\.1\)/);
    assert.match(usage, /--service-node-port-range portRange +.*\(default 30000-32767\)/);
    assert.match(usage, /--service-cluster-ip-range string +.*\(default "10\.0\.0\.0\/24"\)/);
    assert.match(usage, /--oidc-signing-algs strings +.*\(default \[RS256\]\)/);
    assert.match(usage, /--oidc-username-claim string +.*\(default "sub"\)/);
    assert.match(usage, /--oidc-required-claim mapStringString +A key=value pair/);
    assert.match(usage, /--controllers strings +A list of controllers to enable\. .*\(default \[\*\]\)/s);
    assert.match(usage, /--cluster-signing-kubelet-serving-cert-file string +Filename containing a PEM-encoded X509 CA certificate used to issue certificates for the kubernetes\.io\/kubelet-serving signer\. {2}If specified, --cluster-signing-\{cert,key\}-file must not be set\.$/m);
    assert.match(usage, /--cluster-signing-kubelet-client-key-file string +Filename containing a PEM-encoded RSA or ECDSA private key used to sign certificates for the kubernetes\.io\/kube-apiserver-client-kubelet signer\. {2}If specified, --cluster-signing-\{cert,key\}-file must not be set\.$/m);
    for (const pair of ['kubelet-serving', 'kubelet-client', 'kube-apiserver-client', 'legacy-unknown'])
      for (const file of ['cert', 'key']) assert.ok(names.includes(`cluster-signing-${pair}-${file}-file`), `--cluster-signing-${pair}-${file}-file is listed`);
    assert.match(usage, /--authorization-mode strings +Ordered list of plug-ins to do authorization on secure port\. Comma-delimited list of: AlwaysAllow,AlwaysDeny,ABAC,Webhook,RBAC,Node\. \(default \[Node,RBAC\]\)/);
    assert.match(usage, /--authorization-webhook-cache-authorized-ttl duration +.*\(default 5m0s\)/);
    assert.match(usage, /--authorization-webhook-cache-unauthorized-ttl duration +.*\(default 30s\)/);
    assert.match(usage, /--authorization-webhook-version string +.*\(default "v1beta1"\)/);
    assert.match(usage, /--service-account-lookup +.*\(default true\)/);
    assert.match(usage, /--service-account-issuer stringArray +/);
    assert.match(usage, /--tls-min-version string +Minimum TLS version supported\. Possible values: VersionTLS10, VersionTLS11, VersionTLS12, VersionTLS13$/m);
    assert.match(usage, /--tls-cipher-suites strings +Comma-separated list of cipher suites for the server\. .*Preferred values: TLS_AES_128_GCM_SHA256, .*\n +Insecure values: TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256, /s);
    assert.match(usage, /--feature-gates mapStringBool +A set of key=value pairs that describe feature gates for alpha\/experimental features\. Options are:\n +APIListChunking=true\|false \(BETA - default=true\)\n/);
    assert.match(usage, /^ +AllAlpha=true\|false \(ALPHA - default=false\)$/m);
    assert.match(usage, /^ {2}-h, --help +help for serve$/m);
    assert.match(usage, /^ {2}-v, --v int +number for the log level verbosity$/m);
    const columns = new Set(lines.map((line) => /^ *\S.*? {3,}(?=\S)/.exec(line)?.[0].length));
    assert.equal(columns.size, 1, 'usage text starts in one column');
  });
});

describe('serverOptionsOf', () => {
  it('passes --allow-privileged=false on (true is the default, left out)', () => {
    assert.equal(serverOptionsOf(parseServeFlags(['--allow-privileged=false'])).allowPrivileged, false);
    assert.equal(serverOptionsOf(parseServeFlags(['--allow-privileged=true'])).allowPrivileged, undefined);
  });
  it('turns the flags of each concern into startServer options', () => {
    assert.deepEqual(serverOptionsOf(parseServeFlags([])), {
      storage: 'sqlite', dataDir: './kplane-data', bindAddress: '127.0.0.1', securePort: 6443, certDir: './kplane-data',
      enablePriorityAndFairness: true, maxRequestsInflight: 400, maxMutatingRequestsInflight: 200, minRequestTimeoutSeconds: 1800, requestTimeoutMs: 60_000, shutdownDelayMs: 0, livezGracePeriodMs: 0, eventTtlSeconds: 3600, runtimeConfig: [],
      serviceClusterIPRange: '10.0.0.0/24', serviceNodePortRange: '30000-32767', controllers: ['*'], clusterSigning: { durationMs: 31_536_000_000 }, anonymousAuth: true,
      serviceAccounts: { keyFiles: [], issuers: [], lookup: true, extendTokenExpiration: true, maxTokenExpirationSeconds: 0 },
    });
    assert.deepEqual(serverOptionsOf(parseServeFlags(['--api-audiences=a'])).apiAudiences, ['a']);
    // upstream's TTLFunc keeps whole seconds.
    assert.equal(serverOptionsOf(parseServeFlags(['--event-ttl=90.9s'])).eventTtlSeconds, 90);
    assert.equal(serverOptionsOf(parseServeFlags(['--event-ttl=0'])).eventTtlSeconds, 0);
    assert.deepEqual(serverOptionsOf(parseServeFlags(['--default-unreachable-toleration-seconds=60'])).defaultTolerationSeconds, { notReadySeconds: 300, unreachableSeconds: 60 });
    const etcd = serverOptionsOf(parseServeFlags(['--etcd-servers=https://e:2379', '--etcd-cafile=ca.pem', '--token-auth-file=t.csv', '--advertise-address=192.0.2.1']));
    assert.deepEqual(etcd.etcd, { servers: ['https://e:2379'], prefix: '/registry', compactionIntervalMs: 300_000, caFile: 'ca.pem' });
    assert.equal(etcd.storage, 'etcd');
    assert.equal(etcd.tokenAuthFile, 't.csv');
    assert.equal(etcd.advertiseAddress, '192.0.2.1');
    const authn = serverOptionsOf(parseServeFlags(['--anonymous-auth=false', '--authentication-token-webhook-config-file=w.yaml',
      '--requestheader-client-ca-file=p.pem', '--requestheader-username-headers=X-Remote-User']));
    assert.equal(authn.anonymousAuth, false);
    assert.deepEqual(authn.tokenWebhook, { configFile: 'w.yaml', version: 'v1beta1', cacheTtlMs: 120_000 });
    assert.deepEqual(authn.requestHeader, { clientCAFile: 'p.pem', allowedNames: [], usernameHeaders: ['X-Remote-User'], groupHeaders: [], extraHeaderPrefixes: [] });
    const auth = serverOptionsOf(parseServeFlags(['--enable-bootstrap-token-auth', '--oidc-issuer-url=https://i', '--oidc-client-id=c', '--disable-admission-plugins=Priority']));
    assert.equal(auth.enableBootstrapTokenAuth, true);
    assert.equal(auth.oidc?.issuerURL, 'https://i');
    assert.deepEqual(auth.disableAdmissionPlugins, ['Priority']);
    assert.equal(auth.admissionControlConfigFile, undefined);
    assert.equal(serverOptionsOf(parseServeFlags(['--admission-control-config-file', 'a.yaml'])).admissionControlConfigFile, 'a.yaml');
    assert.deepEqual(serverOptionsOf(parseServeFlags(['--authorization-mode=AlwaysDeny'])).authorization, { modes: ['AlwaysDeny'] });
    assert.deepEqual(serverOptionsOf(parseServeFlags(['--feature-gates=APIListChunking=false'])).featureGates, { APIListChunking: false });
    const tls = serverOptionsOf(parseServeFlags(['--tls-min-version=VersionTLS13', '--tls-cipher-suites=TLS_RSA_WITH_AES_128_CBC_SHA']));
    assert.deepEqual([tls.tlsMinVersion, tls.tlsCipherSuites], ['VersionTLS13', ['TLS_RSA_WITH_AES_128_CBC_SHA']]);
    assert.deepEqual(serverOptionsOf(parseServeFlags(['--authorization-mode=ABAC,RBAC', '--authorization-policy-file=p.jsonl'])).authorization,
      { modes: ['ABAC', 'RBAC'], policyFile: 'p.jsonl' });
    assert.deepEqual(serverOptionsOf(parseServeFlags(['--authorization-mode=Webhook', '--authorization-webhook-config-file=w.yaml', '--authorization-webhook-cache-unauthorized-ttl=1s'])).authorization,
      { modes: ['Webhook'], webhookConfigFile: 'w.yaml', webhookVersion: 'v1beta1', webhookCacheAuthorizedTtlMs: 300_000, webhookCacheUnauthorizedTtlMs: 1_000 });
  });
});
