// Controllers (kube-controller-manager's GenericControllerManagerConfigurationOptions): which in-process
// controllers run, by kube-controller-manager's names (controllers/selection.ts).
import { durationFlag, FlagError, stringFlag, stringsFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';
import type { ClusterSigningOptions } from '../../server/cluster-signing.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { DEFAULT_SIGNING_DURATION_MS } from '../../controllers/certificates/csr-signing.js';
import { controllerSelectionErrors, CONTROLLERS_DISABLED_BY_DEFAULT, DEFAULT_CONTROLLERS, KNOWN_CONTROLLERS } from '../../controllers/selection.js';

const flags = {
  controllers: stringsFlag('controllers',
    `A list of controllers to enable. '*' enables all on-by-default controllers, 'foo' enables the controller named 'foo', '-foo' disables the controller named 'foo'.\nAll controllers: ${[...KNOWN_CONTROLLERS].sort().join(', ')}\nDisabled-by-default controllers: ${[...CONTROLLERS_DISABLED_BY_DEFAULT].sort().join(', ')}`,
    DEFAULT_CONTROLLERS),
  clusterSigningCertFile: stringFlag('cluster-signing-cert-file', '',
    'Filename containing a PEM-encoded X509 CA certificate used to issue cluster-scoped certificates.  If specified, no more specific --cluster-signing-* flag may be specified.'),
  clusterSigningKeyFile: stringFlag('cluster-signing-key-file', '',
    'Filename containing a PEM-encoded RSA or ECDSA private key used to sign cluster-scoped certificates.  If specified, no more specific --cluster-signing-* flag may be specified.'),
  clusterSigningDurationMs: durationFlag('cluster-signing-duration', DEFAULT_SIGNING_DURATION_MS,
    'The max length of duration signed certificates will be given.  Individual CSRs may request shorter certs by setting spec.expirationSeconds.'),
};

export interface ControllersOptions {
  /** `--controllers`. */
  readonly controllers: readonly string[];
  /** `--cluster-signing-cert-file`, `--cluster-signing-key-file`, `--cluster-signing-duration`. */
  readonly clusterSigning: ClusterSigningOptions;
}

export const controllers: OptionGroup<typeof flags, ControllersOptions> = {
  flags,
  resolve(values, _changed, validate) {
    const errors = validate ? controllerSelectionErrors(values.controllers) : [];
    if (errors.length > 0) throw new FlagError(aggregateMessage(errors));
    const certFile = optional(values.clusterSigningCertFile);
    const keyFile = optional(values.clusterSigningKeyFile);
    return {
      controllers: values.controllers,
      clusterSigning: { ...(certFile ? { certFile } : {}), ...(keyFile ? { keyFile } : {}), durationMs: values.clusterSigningDurationMs },
    };
  },
  serverOptions: (o) => ({ controllers: o.controllers, clusterSigning: o.clusterSigning }),
};
