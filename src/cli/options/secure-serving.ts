// Secure serving (upstream SecureServingOptions): where the server listens and where its certificates live.
import { FlagError, intFlag, ipFlag, stringFlag } from '../flag-set.js';
import type { OptionGroup } from './option-group.js';

const flags = {
  bindAddress: ipFlag('bind-address', '127.0.0.1',
    'The IP address on which to listen for the --secure-port port. Use 0.0.0.0 or :: to listen on all interfaces.'),
  certDir: stringFlag('cert-dir', '',
    'The directory holding the generated CA, serving and admin certificates. Defaults to --data-dir.'),
  securePort: intFlag('secure-port', 6443,
    'The port on which to serve HTTPS with authentication and authorization. 0 picks a free port.'),
};

export interface SecureServingOptions {
  readonly bindAddress: string;
  /** `--cert-dir`; empty: the data directory (resolved with the storage options). */
  readonly certDir: string;
  readonly securePort: number;
}

export const secureServing: OptionGroup<typeof flags, SecureServingOptions> = {
  flags,
  resolve(values, _changed, validate) {
    if (validate && (values.securePort < 0 || values.securePort > 65535)) {
      throw new FlagError(`--secure-port ${values.securePort} must be between 0 and 65535, inclusive`);
    }
    return { bindAddress: values.bindAddress, certDir: values.certDir, securePort: values.securePort };
  },
  serverOptions: (o) => ({ bindAddress: o.bindAddress, securePort: o.securePort, ...(o.certDir ? { certDir: o.certDir } : {}) }),
};
