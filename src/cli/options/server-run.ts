// Server run options (upstream ServerRunOptions, generic and kube-apiserver's own): the address advertised to the
// cluster, the limits on requests in flight, the request timeouts and how long events live.
import { boolFlag, durationFlag, FlagError, float64Flag, intFlag, ipFlag, rawStringsFlag, stringFlag } from '../flag-set.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { ENDPOINT_RECONCILER_TYPES, type EndpointReconcilerType } from '../../server/kubernetes-service.js';
import { apiserverCountError, goawayChanceError } from '../../server/server-options.js';
import { optional, type OptionGroup } from './option-group.js';

/** upstream validateHSTSDirectives: `max-age=<anything>`, `includeSubDomains` or `preload`; every error, as one aggregate. */
function hstsDirectivesError(directives: readonly string[]): string | undefined {
  const errors: string[] = [];
  for (const directive of directives) {
    if (directive.trim() === '') errors.push('empty value in strict-transport-security-directives');
    else if (directive !== 'includeSubDomains' && directive !== 'preload') {
      const parts = directive.split('=');
      if (parts.length !== 2 || parts[0] !== 'max-age') {
        errors.push('--strict-transport-security-directives invalid, allowed values: max-age=expireTime, includeSubDomains, preload. see https://tools.ietf.org/html/rfc6797#section-6.1 for more information');
      }
    }
  }
  return errors.length > 0 ? aggregateMessage(errors) : undefined;
}

const throwIf = (error: string | undefined): void => {
  if (error !== undefined) throw new FlagError(error);
};

const isReconcilerType = (type: string): type is EndpointReconcilerType => (ENDPOINT_RECONCILER_TYPES as readonly string[]).includes(type);

const flags = {
  // kube-apiserver's flag, with kubeadm's value as kplane's default (server-options.ts, allowPrivileged).
  allowPrivileged: { ...boolFlag('allow-privileged', 'If true, allow privileged containers.'), initial: true, defaultText: 'true' },
  strictTransportSecurityDirectives: rawStringsFlag('strict-transport-security-directives',
    'List of directives for HSTS, comma separated. If this list is empty, then HSTS directives will not be added. Example: \'max-age=31536000,includeSubDomains,preload\''),
  corsAllowedOrigins: rawStringsFlag('cors-allowed-origins',
    'List of allowed origins for CORS, comma separated.  An allowed origin can be a regular expression to support subdomain matching. If this list is empty CORS will not be enabled.'),
  enablePriorityAndFairness: { ...boolFlag('enable-priority-and-fairness',
    'If true and the APIPriorityAndFairness feature gate is enabled, replace the max-in-flight handler with an enhanced one that queues and dispatches with priority and fairness'), initial: true, defaultText: 'true' },
  advertiseAddress: { ...ipFlag('advertise-address', '',
    'The IP address on which to advertise the apiserver to members of the cluster. If blank, the --bind-address will be used. If --bind-address is unspecified or loopback, the host\'s default interface will be used.'), defaultText: undefined },
  maxMutatingRequestsInflight: intFlag('max-mutating-requests-inflight', 200,
    'This and --max-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of mutating requests in flight, or a zero value disables the limit completely.'),
  maxRequestsInflight: intFlag('max-requests-inflight', 400,
    'This and --max-mutating-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of non-mutating requests in flight, or a zero value disables the limit completely.'),
  minRequestTimeout: intFlag('min-request-timeout', 1800,
    'An optional field indicating the minimum number of seconds a handler must keep a request open before timing it out. Currently only honored by the watch request handler, which picks a randomized value above this number as the connection timeout, to spread out load.'),
  livezGracePeriodMs: durationFlag('livez-grace-period', 0,
    'This option represents the maximum amount of time it should take for apiserver to complete its startup sequence and become live. From apiserver\'s start time to when this amount of time has elapsed, /livez will assume that unfinished post-start hooks will complete successfully and therefore return true.'),
  shutdownDelayMs: durationFlag('shutdown-delay-duration', 0,
    'Time to delay the termination. During that time the server keeps serving requests normally. The endpoints /healthz and /livez will return success, but /readyz immediately returns failure. Graceful termination starts after this delay has elapsed. This can be used to allow load balancer to stop sending traffic to this server.'),
  endpointReconcilerType: stringFlag('endpoint-reconciler-type', 'lease',
    `Use an endpoint reconciler (${ENDPOINT_RECONCILER_TYPES.join(', ')}) master-count is deprecated, and will be removed in a future version.`),
  apiserverCount: { ...intFlag('apiserver-count', 1,
    'The number of apiservers running in the cluster, must be a positive number. (In use when --endpoint-reconciler-type=master-count is enabled.)'),
  deprecated: 'apiserver-count is deprecated and will be removed in a future version.' },
  externalHostname: stringFlag('external-hostname', '',
    'The hostname to use when generating externalized URLs for this master (e.g. Swagger API Docs or OpenID Discovery).'),
  goawayChance: float64Flag('goaway-chance', 0,
    'To prevent HTTP/2 clients from getting stuck on a single apiserver, randomly close a connection (GOAWAY). The client\'s other in-flight requests won\'t be affected, and the client will reconnect, likely landing on a different apiserver after going through the load balancer again. This argument sets the fraction of requests that will be sent a GOAWAY. Clusters with single apiservers, or which don\'t use a load balancer, should NOT enable this. Min is 0 (off), Max is .02 (1/50 requests); .001 (1/1000) is a recommended starting point.'),
  eventTtlMs: durationFlag('event-ttl', 3_600_000, 'Amount of time to retain events.'),
  requestTimeoutMs: durationFlag('request-timeout', 60_000,
    'An optional field indicating the duration a handler must keep a request open before timing it out. This is the default request timeout for requests but may be overridden by flags such as --min-request-timeout for specific types of requests.'),
};

export interface ServerRunOptions {
  /** `--allow-privileged`. */
  readonly allowPrivileged: boolean;
  /** undefined: kube-apiserver's default (see server/kubernetes-service.ts). */
  readonly advertiseAddress: string | undefined;
  /** `--enable-priority-and-fairness`. */
  readonly enablePriorityAndFairness: boolean;
  /** 0: no limit (without priority and fairness). */
  readonly maxRequestsInflight: number;
  readonly maxMutatingRequestsInflight: number;
  /** `--min-request-timeout`, seconds. */
  readonly minRequestTimeout: number;
  /** `--request-timeout`, milliseconds. */
  readonly requestTimeoutMs: number;
  /** `--endpoint-reconciler-type` (a known one) and `--apiserver-count` (positive). */
  readonly endpointReconcilerType: EndpointReconcilerType;
  readonly apiserverCount: number;
  /** `--external-hostname`; undefined: the advertise address. */
  readonly externalHostname: string | undefined;
  /** `--goaway-chance`, checked (0 to 0.02). */
  readonly goawayChance: number;
  /** `--strict-transport-security-directives`, checked. */
  readonly hstsDirectives: readonly string[];
  /** `--cors-allowed-origins`: compiled at start (a pattern that does not compile stops it, as upstream's). */
  readonly corsAllowedOrigins: readonly string[];
  /** `--event-ttl`, milliseconds (not validated, as upstream). */
  readonly eventTtlMs: number;
  /** `--shutdown-delay-duration` and `--livez-grace-period`, milliseconds. */
  readonly shutdownDelayMs: number;
  readonly livezGracePeriodMs: number;
}

export const serverRun: OptionGroup<typeof flags, ServerRunOptions> = {
  flags,
  resolve(values, _changed, validate) {
    if (validate) {
      // kube-apiserver's Validate begins with the count; an unknown reconciler is upstream's fatal error at start.
      throwIf(apiserverCountError(values.apiserverCount));
      if (!isReconcilerType(values.endpointReconcilerType)) throw new FlagError(`Reconciler not implemented: ${values.endpointReconcilerType}`);
      // upstream ServerRunOptions.Validate
      if (values.maxRequestsInflight < 0) throw new FlagError('--max-requests-inflight can not be negative value');
      if (values.maxMutatingRequestsInflight < 0) throw new FlagError('--max-mutating-requests-inflight can not be negative value');
      if (values.requestTimeoutMs < 0) throw new FlagError('--request-timeout can not be negative value');
      throwIf(goawayChanceError(values.goawayChance));
      if (values.minRequestTimeout < 0) throw new FlagError('--min-request-timeout can not be negative value');
      if (values.shutdownDelayMs < 0) throw new FlagError('--shutdown-delay-duration can not be negative value');
      if (values.livezGracePeriodMs < 0) throw new FlagError('--livez-grace-period can not be a negative value');
      throwIf(hstsDirectivesError(values.strictTransportSecurityDirectives));
    }
    return {
      allowPrivileged: values.allowPrivileged,
      advertiseAddress: optional(values.advertiseAddress),
      enablePriorityAndFairness: values.enablePriorityAndFairness,
      maxRequestsInflight: values.maxRequestsInflight,
      maxMutatingRequestsInflight: values.maxMutatingRequestsInflight,
      minRequestTimeout: values.minRequestTimeout,
      requestTimeoutMs: values.requestTimeoutMs,
      eventTtlMs: values.eventTtlMs,
      hstsDirectives: values.strictTransportSecurityDirectives,
      goawayChance: values.goawayChance,
      externalHostname: optional(values.externalHostname),
      endpointReconcilerType: isReconcilerType(values.endpointReconcilerType) ? values.endpointReconcilerType : 'lease',
      apiserverCount: values.apiserverCount,
      corsAllowedOrigins: values.corsAllowedOrigins,
      shutdownDelayMs: values.shutdownDelayMs,
      livezGracePeriodMs: values.livezGracePeriodMs,
    };
  },
  serverOptions: (o) => ({
    ...(o.allowPrivileged ? {} : { allowPrivileged: false }),
    enablePriorityAndFairness: o.enablePriorityAndFairness,
    maxRequestsInflight: o.maxRequestsInflight,
    maxMutatingRequestsInflight: o.maxMutatingRequestsInflight,
    minRequestTimeoutSeconds: o.minRequestTimeout,
    requestTimeoutMs: o.requestTimeoutMs,
    shutdownDelayMs: o.shutdownDelayMs,
    livezGracePeriodMs: o.livezGracePeriodMs,
    // upstream's TTLFunc: uint64(ttl.Seconds()), the fraction dropped.
    eventTtlSeconds: Math.trunc(o.eventTtlMs / 1000),
    ...(o.advertiseAddress ? { advertiseAddress: o.advertiseAddress } : {}),
    ...(o.hstsDirectives.length > 0 ? { strictTransportSecurityDirectives: o.hstsDirectives } : {}),
    ...(o.corsAllowedOrigins.length > 0 ? { corsAllowedOrigins: o.corsAllowedOrigins } : {}),
    ...(o.goawayChance > 0 ? { goawayChance: o.goawayChance } : {}),
    ...(o.externalHostname ? { externalHostname: o.externalHostname } : {}),
    ...(o.endpointReconcilerType !== 'lease' ? { endpointReconcilerType: o.endpointReconcilerType } : {}),
    ...(o.apiserverCount !== 1 ? { apiserverCount: o.apiserverCount } : {}),
  }),
};
