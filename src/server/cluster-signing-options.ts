// kube-controller-manager 1.25's --cluster-signing-* flags: the general CA pair, one pair per built-in signer,
// and the longest lifetime. Two checks, as upstream has two: the options' own (upstream
// CSRSigningControllerOptions.Validate, which the command runs on its flags) and the choice the csrsigning
// controller makes when it starts (upstream startCSRSigningController): which signers run, with which files.
// Reading the files is server/cluster-signing.ts.
import { KUBE_APISERVER_CLIENT, KUBE_APISERVER_CLIENT_KUBELET, KUBELET_SERVING, LEGACY_UNKNOWN } from '../controllers/certificates/signer-rules.js';

/** A CA as a pair of files (upstream csrsigningconfig.CSRSigningConfiguration). */
export interface SigningFiles {
  /** PEM X509 CA certificate. */
  certFile?: string;
  /** PEM RSA or ECDSA private key. */
  keyFile?: string;
}

/** upstream CSRSigningControllerConfiguration, by kplane's names. */
export interface ClusterSigningOptions extends SigningFiles {
  /** `--cluster-signing-duration`: the longest certificate issued; default one year. */
  durationMs?: number;
  /** `--cluster-signing-kubelet-serving-{cert,key}-file`: kubernetes.io/kubelet-serving. */
  kubeletServing?: SigningFiles;
  /** `--cluster-signing-kubelet-client-{cert,key}-file`: kubernetes.io/kube-apiserver-client-kubelet. */
  kubeletClient?: SigningFiles;
  /** `--cluster-signing-kube-apiserver-client-{cert,key}-file`: kubernetes.io/kube-apiserver-client. */
  kubeAPIServerClient?: SigningFiles;
  /** `--cluster-signing-legacy-unknown-{cert,key}-file`: kubernetes.io/legacy-unknown. */
  legacyUnknown?: SigningFiles;
}

type SpecificOption = 'kubeletServing' | 'kubeletClient' | 'kubeAPIServerClient' | 'legacyUnknown';

/**
 * The four signers in the order upstream starts them, each with its option and the name Validate's errors
 * give its pair. Those names are upstream's as written, though two differ from the flags: the kubelet client
 * pair is reported as "cluster-signing-kube-apiserver-client", the kube-apiserver client pair as
 * "cluster-signing-kube-apiserver".
 */
const SIGNERS: readonly { readonly signerName: string; readonly option: SpecificOption; readonly errorName: string }[] = [
  { signerName: KUBELET_SERVING, option: 'kubeletServing', errorName: 'cluster-signing-kubelet-serving' },
  { signerName: KUBE_APISERVER_CLIENT_KUBELET, option: 'kubeletClient', errorName: 'cluster-signing-kube-apiserver-client' },
  { signerName: KUBE_APISERVER_CLIENT, option: 'kubeAPIServerClient', errorName: 'cluster-signing-kube-apiserver' },
  { signerName: LEGACY_UNKNOWN, option: 'legacyUnknown', errorName: 'cluster-signing-legacy-unknown' },
];

const isSet = (files: SigningFiles | undefined): boolean => Boolean(files?.certFile) || Boolean(files?.keyFile);

/** upstream anySpecificFilesSet: a file of any per-signer pair is named. */
const anySpecificFilesSet = (options: ClusterSigningOptions): boolean => SIGNERS.some(({ option }) => isSet(options[option]));

/** upstream csrSigningFilesValid: both files of a pair or neither. */
function pairError(files: SigningFiles | undefined): string | undefined {
  if (files?.certFile && !files.keyFile) return 'cannot specify cert without key';
  if (!files?.certFile && files?.keyFile) return 'cannot specify key without cert';
  return undefined;
}

/**
 * upstream CSRSigningControllerOptions.Validate: each per-signer pair whole, then the general pair (either
 * file of it) not beside any per-signer file. Messages as upstream's, in its order.
 */
export function clusterSigningErrors(options: ClusterSigningOptions): string[] {
  const errors: string[] = [];
  for (const { option, errorName } of SIGNERS) {
    const error = pairError(options[option]);
    // Go's %q of a plain ASCII name is its JSON form.
    if (error !== undefined) errors.push(`${JSON.stringify(errorName)}: ${error}`);
  }
  if (isSet(options) && anySpecificFilesSet(options)) {
    errors.push('cannot specify --cluster-signing-{cert,key}-file and other --cluster-signing-*-file flags at the same time');
  }
  return errors;
}

/**
 * One signer at the controller's start, in upstream's order: it runs with the files of its CA (one of them
 * may be empty: reading them says so), or it is left out and `log` says why.
 */
export type SignerStart =
  | { readonly signerName: string; readonly certFile: string; readonly keyFile: string; readonly log?: undefined }
  | { readonly signerName: string; readonly log: string };

/**
 * What the csrsigning controller does at start (upstream startCSRSigningController):
 * - `cluster-ca`: no --cluster-signing-* file at all; kplane signs for every signer with its own CA, the
 *   cluster CA kubeadm would name in --cluster-signing-{cert,key}-file (upstream would not run the controller);
 * - `skip`: only one of the general pair and no per-signer file; the controller does not run;
 * - `run`: each signer with the general pair, or else, once any per-signer file is named, with its own pair,
 *   a signer without one being left out.
 */
export type SigningPlan =
  | { readonly kind: 'cluster-ca' }
  | { readonly kind: 'skip'; readonly log: string }
  | { readonly kind: 'run'; readonly signers: readonly SignerStart[] };

/**
 * See {@link SigningPlan}.
 * @throws Error with upstream's message when the whole general pair is given beside a per-signer file.
 */
export function signingPlan(options: ClusterSigningOptions = {}): SigningPlan {
  const specific = anySpecificFilesSet(options);
  if (!isSet(options) && !specific) return { kind: 'cluster-ca' };
  const missingSingleSigningFile = !options.certFile || !options.keyFile;
  if (missingSingleSigningFile && !specific) return { kind: 'skip', log: 'skipping CSR signer controller because no csr cert/key was specified' };
  // The command refuses this first (clusterSigningErrors); the controller checks it again, as upstream's does.
  if (!missingSingleSigningFile && specific) throw new Error('cannot specify default and per controller certs at the same time');
  return {
    kind: 'run',
    signers: SIGNERS.map(({ signerName, option }): SignerStart => {
      // With any per-signer file, the general pair is used for no signer (upstream's get*SignerFiles).
      const files = specific ? options[option] : options;
      if (isSet(files)) return { signerName, certFile: files?.certFile ?? '', keyFile: files?.keyFile ?? '' };
      return { signerName, log: `skipping CSR signer controller ${JSON.stringify(signerName)} because specific files were specified for other signers and not this one.` };
    }),
  };
}
