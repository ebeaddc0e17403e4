// Controllers (kube-controller-manager's GenericControllerManagerConfigurationOptions and
// CSRSigningControllerOptions): which in-process controllers run, by kube-controller-manager's names
// (controllers/selection.ts), and the CAs the csrsigning controller signs with (server/cluster-signing-options.ts).
import { durationFlag, FlagError, stringFlag, stringsFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';
import { clusterSigningErrors, type ClusterSigningOptions, type SigningFiles } from '../../server/cluster-signing-options.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { DEFAULT_SIGNING_DURATION_MS } from '../../controllers/certificates/csr-signing.js';
import { controllerSelectionErrors, CONTROLLERS_DISABLED_BY_DEFAULT, DEFAULT_CONTROLLERS, KNOWN_CONTROLLERS } from '../../controllers/selection.js';

/** A per-signer pair of upstream CSRSigningControllerOptions.AddFlags: its flags and help texts. */
const signerFlags = (flag: string, signerName: string) => ({
  cert: stringFlag(`cluster-signing-${flag}-cert-file`, '',
    `Filename containing a PEM-encoded X509 CA certificate used to issue certificates for the ${signerName} signer.  If specified, --cluster-signing-{cert,key}-file must not be set.`),
  key: stringFlag(`cluster-signing-${flag}-key-file`, '',
    `Filename containing a PEM-encoded RSA or ECDSA private key used to sign certificates for the ${signerName} signer.  If specified, --cluster-signing-{cert,key}-file must not be set.`),
});

const kubeletServing = signerFlags('kubelet-serving', 'kubernetes.io/kubelet-serving');
const kubeletClient = signerFlags('kubelet-client', 'kubernetes.io/kube-apiserver-client-kubelet');
const kubeAPIServerClient = signerFlags('kube-apiserver-client', 'kubernetes.io/kube-apiserver-client');
const legacyUnknown = signerFlags('legacy-unknown', 'kubernetes.io/legacy-unknown');

const flags = {
  controllers: stringsFlag('controllers',
    `A list of controllers to enable. '*' enables all on-by-default controllers, 'foo' enables the controller named 'foo', '-foo' disables the controller named 'foo'.\nAll controllers: ${[...KNOWN_CONTROLLERS].sort().join(', ')}\nDisabled-by-default controllers: ${[...CONTROLLERS_DISABLED_BY_DEFAULT].sort().join(', ')}`,
    DEFAULT_CONTROLLERS),
  clusterSigningCertFile: stringFlag('cluster-signing-cert-file', '',
    'Filename containing a PEM-encoded X509 CA certificate used to issue cluster-scoped certificates.  If specified, no more specific --cluster-signing-* flag may be specified.'),
  clusterSigningKeyFile: stringFlag('cluster-signing-key-file', '',
    'Filename containing a PEM-encoded RSA or ECDSA private key used to sign cluster-scoped certificates.  If specified, no more specific --cluster-signing-* flag may be specified.'),
  clusterSigningKubeletServingCertFile: kubeletServing.cert,
  clusterSigningKubeletServingKeyFile: kubeletServing.key,
  clusterSigningKubeletClientCertFile: kubeletClient.cert,
  clusterSigningKubeletClientKeyFile: kubeletClient.key,
  clusterSigningKubeAPIServerClientCertFile: kubeAPIServerClient.cert,
  clusterSigningKubeAPIServerClientKeyFile: kubeAPIServerClient.key,
  clusterSigningLegacyUnknownCertFile: legacyUnknown.cert,
  clusterSigningLegacyUnknownKeyFile: legacyUnknown.key,
  clusterSigningDurationMs: durationFlag('cluster-signing-duration', DEFAULT_SIGNING_DURATION_MS,
    'The max length of duration signed certificates will be given.  Individual CSRs may request shorter certs by setting spec.expirationSeconds.'),
};

export interface ControllersOptions {
  /** `--controllers`. */
  readonly controllers: readonly string[];
  /** `--cluster-signing-*`: the general pair, the per-signer pairs (only those named), `--cluster-signing-duration`. */
  readonly clusterSigning: ClusterSigningOptions;
}

/** A pair's named files, or undefined when neither is named. */
function signingFiles(certFile: string, keyFile: string): SigningFiles | undefined {
  const cert = optional(certFile);
  const key = optional(keyFile);
  if (!cert && !key) return undefined;
  return { ...(cert ? { certFile: cert } : {}), ...(key ? { keyFile: key } : {}) };
}

export const controllers: OptionGroup<typeof flags, ControllersOptions> = {
  flags,
  resolve(values, _changed, validate) {
    const kubeletServing = signingFiles(values.clusterSigningKubeletServingCertFile, values.clusterSigningKubeletServingKeyFile);
    const kubeletClient = signingFiles(values.clusterSigningKubeletClientCertFile, values.clusterSigningKubeletClientKeyFile);
    const kubeAPIServerClient = signingFiles(values.clusterSigningKubeAPIServerClientCertFile, values.clusterSigningKubeAPIServerClientKeyFile);
    const legacyUnknown = signingFiles(values.clusterSigningLegacyUnknownCertFile, values.clusterSigningLegacyUnknownKeyFile);
    const clusterSigning: ClusterSigningOptions = {
      ...signingFiles(values.clusterSigningCertFile, values.clusterSigningKeyFile),
      ...(kubeletServing ? { kubeletServing } : {}),
      ...(kubeletClient ? { kubeletClient } : {}),
      ...(kubeAPIServerClient ? { kubeAPIServerClient } : {}),
      ...(legacyUnknown ? { legacyUnknown } : {}),
      durationMs: values.clusterSigningDurationMs,
    };
    // kube-controller-manager's Validate: the controllers' errors, then CSRSigningControllerOptions', in one aggregate.
    const errors = validate ? [...controllerSelectionErrors(values.controllers), ...clusterSigningErrors(clusterSigning)] : [];
    if (errors.length > 0) throw new FlagError(aggregateMessage(errors));
    return { controllers: values.controllers, clusterSigning };
  },
  serverOptions: (o) => ({ controllers: o.controllers, clusterSigning: o.clusterSigning }),
};
