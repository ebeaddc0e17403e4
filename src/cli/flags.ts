// The flags of `kplane serve`, named as kube-apiserver's: one options group per concern (options/), joined
// here into one flag set, parsed with pflag's rules (flag-set.ts).
import type { ServerOptions } from '../server/start-server.js';
import { boolFlag, FlagError, flagSetUsage, intFlag, parseFlagSet } from './flag-set.js';
import { admission, type AdmissionOptions } from './options/admission.js';
import { apiEnablement, type ApiEnablementOptions } from './options/api-enablement.js';
import { audit, type AuditFlagOptions } from './options/audit.js';
import { authentication, type AuthenticationFlagOptions } from './options/authentication.js';
import { authorization, type AuthorizationFlagOptions } from './options/authorization.js';
import { controllers, type ControllersOptions } from './options/controllers.js';
import { featureGates, type FeatureGateOptions } from './options/feature-gates.js';
import { oidc, type OidcFlagOptions } from './options/oidc.js';
import { requestHeader, type RequestHeaderFlagOptions } from './options/request-header.js';
import { secureServing, type SecureServingOptions } from './options/secure-serving.js';
import { serviceAccounts, type ServiceAccountFlagOptions } from './options/service-accounts.js';
import { serverRun, type ServerRunOptions } from './options/server-run.js';
import { serviceNetworking, type ServiceNetworkingOptions } from './options/service-networking.js';
import { storage, type StorageOptions } from './options/storage.js';

export { FlagError } from './flag-set.js';
export type { StorageBackend } from './options/storage.js';

/** The command's own flags (cobra's help, kplane's version, klog's verbosity). */
const commandFlags = {
  help: boolFlag('help', 'help for serve', 'h'),
  verbosity: intFlag('v', 0, 'number for the log level verbosity', 'v'),
  version: boolFlag('version', 'Print version information and quit'),
};

const serveFlags = {
  ...commandFlags,
  ...secureServing.flags,
  ...serverRun.flags,
  ...storage.flags,
  ...authentication.flags,
  ...requestHeader.flags,
  ...authorization.flags,
  ...apiEnablement.flags,
  ...serviceNetworking.flags,
  ...oidc.flags,
  ...admission.flags,
  ...controllers.flags,
  ...serviceAccounts.flags,
  ...featureGates.flags,
  ...audit.flags,
};

/** Options of `kplane serve`, defaults applied and checked. */
export type ServeOptions = Readonly<{ help: boolean; version: boolean; verbosity: number }> &
  SecureServingOptions &
  ServerRunOptions &
  StorageOptions &
  AuthenticationFlagOptions &
  RequestHeaderFlagOptions &
  AuthorizationFlagOptions &
  ApiEnablementOptions &
  ServiceNetworkingOptions &
  OidcFlagOptions &
  AdmissionOptions &
  ControllersOptions &
  ServiceAccountFlagOptions &
  FeatureGateOptions &
  AuditFlagOptions;

/**
 * Parses the arguments after `kplane serve` (see parseFlagSet for the syntax); `--help` and `--version`
 * skip the checks of the other flags, as cobra runs no validation for them.
 * Deprecated flags' notices go to `warn` (standard error, as pflag prints them) while parsing.
 * @throws FlagError with upstream's wording.
 */
export function parseServeFlags(argv: readonly string[], warn = (notice: string): void => void process.stderr.write(`${notice}\n`)): ServeOptions {
  const { values, changed, positional } = parseFlagSet(serveFlags, argv, warn);
  if (positional.some((arg) => arg !== '')) {
    throw new FlagError(`"kplane serve" does not take any arguments, got ${JSON.stringify(positional)}`);
  }
  const validate = !values.help && !values.version;
  const given = changed as ReadonlySet<string>;
  const stored = storage.resolve(values, given, validate);
  const serving = secureServing.resolve(values, given, validate);
  return {
    help: values.help,
    version: values.version,
    verbosity: values.verbosity,
    ...serving,
    // The certificates live in the data directory unless --cert-dir says otherwise.
    certDir: serving.certDir === '' ? stored.dataDir : serving.certDir,
    ...serverRun.resolve(values, given, validate),
    ...stored,
    ...authentication.resolve(values, given, validate),
    ...requestHeader.resolve(values, given, validate),
    ...authorization.resolve(values, given, validate),
    ...apiEnablement.resolve(values, given, validate),
    ...serviceNetworking.resolve(values, given, validate),
    ...oidc.resolve(values, given, validate),
    ...admission.resolve(values, given, validate),
    ...controllers.resolve(values, given, validate),
    ...serviceAccounts.resolve(values, given, validate),
    ...featureGates.resolve(values, given, validate),
    ...audit.resolve(values, given, validate),
  };
}

/** What the parsed flags ask of startServer(). */
export function serverOptionsOf(options: ServeOptions): ServerOptions {
  return {
    ...storage.serverOptions(options),
    ...secureServing.serverOptions(options),
    ...serverRun.serverOptions(options),
    ...authentication.serverOptions(options),
    ...requestHeader.serverOptions(options),
    ...authorization.serverOptions(options),
    ...apiEnablement.serverOptions(options),
    ...serviceNetworking.serverOptions(options),
    ...oidc.serverOptions(options),
    ...admission.serverOptions(options),
    ...controllers.serverOptions(options),
    ...serviceAccounts.serverOptions(options),
    ...featureGates.serverOptions(options),
    ...audit.serverOptions(options),
  };
}

/** Help text of `kplane serve`, laid out like cobra's (flags sorted, aligned, defaults shown). */
export function serveUsage(): string {
  return flagSetUsage('kplane serve', serveFlags);
}
