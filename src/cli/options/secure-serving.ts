// Secure serving (upstream SecureServingOptions): where the server listens and where its certificates live.
import { cipherSuiteNames, servingTls, tlsVersionNames } from '../../server/tls-settings.js';
import { FlagError, intFlag, ipFlag, stringFlag, stringsFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';
import { errorMessage } from '../../errors/error-message.js';

const suiteNames = cipherSuiteNames();

const flags = {
  bindAddress: ipFlag('bind-address', '127.0.0.1',
    'The IP address on which to listen for the --secure-port port. Use 0.0.0.0 or :: to listen on all interfaces.'),
  certDir: stringFlag('cert-dir', '',
    'The directory holding the generated CA, serving and admin certificates. Defaults to --data-dir.'),
  http2MaxStreamsPerConnection: intFlag('http2-max-streams-per-connection', 0,
    'The limit that the server gives to clients for the maximum number of streams in an HTTP/2 connection. Zero means to use golang\'s default.'),
  securePort: intFlag('secure-port', 6443,
    'The port on which to serve HTTPS with authentication and authorization. 0 picks a free port.'),
  tlsCipherSuites: stringsFlag('tls-cipher-suites',
    'Comma-separated list of cipher suites for the server. If omitted, the default Go cipher suites will be used. \n' +
    `Preferred values: ${suiteNames.preferred.join(', ')}. \nInsecure values: ${suiteNames.insecure.join(', ')}.`),
  tlsMinVersion: stringFlag('tls-min-version', '',
    `Minimum TLS version supported. Possible values: ${tlsVersionNames().join(', ')}`),
  tlsCertFile: stringFlag('tls-cert-file', '',
    'File containing the default x509 Certificate for HTTPS. (CA cert, if any, concatenated after server cert). ' +
    'If HTTPS serving is enabled, and --tls-cert-file and --tls-private-key-file are not provided, a self-signed certificate and key ' +
    'are generated for the public address and saved to the directory specified by --cert-dir.'),
  tlsPrivateKeyFile: stringFlag('tls-private-key-file', '', 'File containing the default x509 private key matching --tls-cert-file.'),
};

export interface SecureServingOptions {
  readonly bindAddress: string;
  /** `--cert-dir`; empty: the data directory (resolved with the storage options). */
  readonly certDir: string;
  readonly securePort: number;
  /** `--http2-max-streams-per-connection`; 0: the default (250). */
  readonly http2MaxStreamsPerConnection: number;
  /** `--tls-cipher-suites` by IANA name; empty: Go's defaults. */
  readonly tlsCipherSuites: readonly string[];
  /** `--tls-min-version` (`VersionTLS12`, ...); undefined: TLS 1.2. */
  readonly tlsMinVersion: string | undefined;
  /** `--tls-cert-file` and `--tls-private-key-file`; empty: generated in the cert directory. */
  readonly tlsCertFile: string;
  readonly tlsPrivateKeyFile: string;
}

export const secureServing: OptionGroup<typeof flags, SecureServingOptions> = {
  flags,
  resolve(values, _changed, validate) {
    if (validate && (values.securePort < 0 || values.securePort > 65535)) {
      throw new FlagError(`--secure-port ${values.securePort} must be between 0 and 65535, inclusive`);
    }
    const tls = { tlsCipherSuites: values.tlsCipherSuites, tlsMinVersion: optional(values.tlsMinVersion) };
    if (validate) checkTls(tls);
    if (validate && (values.tlsCertFile === '') !== (values.tlsPrivateKeyFile === '')) {
      throw new FlagError('--tls-cert-file and --tls-private-key-file must be specified together');
    }
    const files = { tlsCertFile: values.tlsCertFile, tlsPrivateKeyFile: values.tlsPrivateKeyFile };
    return { bindAddress: values.bindAddress, certDir: values.certDir, securePort: values.securePort, http2MaxStreamsPerConnection: values.http2MaxStreamsPerConnection, ...tls, ...files };
  },
  serverOptions: (o) => ({
    bindAddress: o.bindAddress,
    securePort: o.securePort,
    ...(o.certDir ? { certDir: o.certDir } : {}),
    ...(o.tlsCipherSuites.length > 0 ? { tlsCipherSuites: o.tlsCipherSuites } : {}),
    ...(o.tlsMinVersion !== undefined ? { tlsMinVersion: o.tlsMinVersion } : {}),
    ...(o.http2MaxStreamsPerConnection !== 0 ? { http2MaxStreamsPerConnection: o.http2MaxStreamsPerConnection } : {}),
    ...(o.tlsCertFile ? { tlsCertFile: o.tlsCertFile, tlsPrivateKeyFile: o.tlsPrivateKeyFile } : {}),
  }),
};

/** Unknown TLS versions and cipher suite names, refused as upstream's ApplyTo refuses them. */
function checkTls(tls: Pick<SecureServingOptions, 'tlsCipherSuites' | 'tlsMinVersion'>): void {
  try {
    servingTls({ cipherSuites: tls.tlsCipherSuites, ...(tls.tlsMinVersion !== undefined ? { minVersion: tls.tlsMinVersion } : {}) });
  } catch (error) {
    throw new FlagError(errorMessage(error));
  }
}
