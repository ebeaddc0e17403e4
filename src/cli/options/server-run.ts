// Server run options (upstream ServerRunOptions): the address advertised to the cluster and the limits on
// requests in flight.
import { FlagError, intFlag, ipFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';

const flags = {
  advertiseAddress: { ...ipFlag('advertise-address', '',
    'The IP address on which to advertise the apiserver to members of the cluster. If blank, the --bind-address will be used. If --bind-address is unspecified or loopback, the host\'s default interface will be used.'), defaultText: undefined },
  maxMutatingRequestsInflight: intFlag('max-mutating-requests-inflight', 200,
    'This and --max-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of mutating requests in flight, or a zero value disables the limit completely.'),
  maxRequestsInflight: intFlag('max-requests-inflight', 400,
    'This and --max-mutating-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of non-mutating requests in flight, or a zero value disables the limit completely.'),
};

export interface ServerRunOptions {
  /** undefined: kube-apiserver's default (see server/kubernetes-service.ts). */
  readonly advertiseAddress: string | undefined;
  /** 0: no limit. */
  readonly maxRequestsInflight: number;
  readonly maxMutatingRequestsInflight: number;
}

export const serverRun: OptionGroup<typeof flags, ServerRunOptions> = {
  flags,
  resolve(values, _changed, validate) {
    if (validate) {
      // upstream ServerRunOptions.Validate
      if (values.maxRequestsInflight < 0) throw new FlagError('--max-requests-inflight can not be negative value');
      if (values.maxMutatingRequestsInflight < 0) throw new FlagError('--max-mutating-requests-inflight can not be negative value');
    }
    return {
      advertiseAddress: optional(values.advertiseAddress),
      maxRequestsInflight: values.maxRequestsInflight,
      maxMutatingRequestsInflight: values.maxMutatingRequestsInflight,
    };
  },
  serverOptions: (o) => ({
    maxRequestsInflight: o.maxRequestsInflight,
    maxMutatingRequestsInflight: o.maxMutatingRequestsInflight,
    ...(o.advertiseAddress ? { advertiseAddress: o.advertiseAddress } : {}),
  }),
};
