// Service accounts (upstream ServiceAccountAuthenticationOptions, ServerRunOptions' signing key, and the
// API audiences of BuiltInAuthenticationOptions): which keys verify and sign tokens, the issuers, and the
// token lifetimes. kplane defaults what kube-apiserver requires (server/service-accounts.ts).
import type { FlagSpec } from '../flag-set.js';
import { boolFlag, durationFlag, FlagError, stringFlag, stringsFlag } from '../flag-set.js';
import type { ServiceAccountOptions } from '../../server/service-accounts.js';
import { optional, type OptionGroup } from './option-group.js';

/** A boolean flag that defaults to true. */
const trueFlag = (name: string, usage: string): FlagSpec<boolean> => ({ ...boolFlag(name, usage), initial: true, defaultText: 'true' });

/** pflag StringArray: repeatable, each value whole (no comma splitting). */
const stringArrayFlag = (name: string, usage: string): FlagSpec<readonly string[]> => ({
  name, typeName: 'stringArray', usage, initial: [], defaultText: undefined,
  parse: (raw, previous, first) => [...(first ? [] : previous), raw],
});

const flags = {
  serviceAccountExtendTokenExpiration: trueFlag('service-account-extend-token-expiration',
    'Turns on projected service account expiration extension during token generation, which helps safe transition from legacy token to bound service account token feature. If this flag is enabled, admission injected tokens would be extended up to 1 year to prevent unexpected failure during transition, ignoring value of service-account-max-token-expiration.'),
  serviceAccountIssuer: stringArrayFlag('service-account-issuer',
    'Identifier of the service account token issuer. The issuer will assert this identifier in "iss" claim of issued tokens. This value is a string or URI. If this option is not a valid URI per the OpenID Discovery 1.0 spec, the ServiceAccountIssuerDiscovery feature will remain disabled, even if the feature gate is set to true. It is highly recommended that this value comply with the OpenID spec: https://openid.net/specs/openid-connect-discovery-1_0.html. In practice, this means that service-account-issuer must be an https URL. It is also highly recommended that this URL be capable of serving OpenID discovery documents at {service-account-issuer}/.well-known/openid-configuration. When this flag is specified multiple times, the first is used to generate tokens and all are used to determine which issuers are accepted.'),
  serviceAccountJwksUri: stringFlag('service-account-jwks-uri', '',
    'Overrides the URI for the JSON Web Key Set in the discovery doc served at /.well-known/openid-configuration. This flag is useful if the discovery docand key set are served to relying parties from a URL other than the API server\'s external (as auto-detected or overridden with external-hostname).'),
  serviceAccountKeyFile: stringsFlag('service-account-key-file',
    'File containing PEM-encoded x509 RSA or ECDSA private or public keys, used to verify ServiceAccount tokens. The specified file can contain multiple keys, and the flag can be specified multiple times with different files. If unspecified, --tls-private-key-file is used. Must be specified when --service-account-signing-key-file is provided'),
  serviceAccountLookup: trueFlag('service-account-lookup', 'If true, validate ServiceAccount tokens exist in etcd as part of authentication.'),
  serviceAccountMaxTokenExpirationMs: { ...durationFlag('service-account-max-token-expiration', 0,
    'The maximum validity duration of a token created by the service account token issuer. If an otherwise valid TokenRequest with a validity duration larger than this value is requested, a token will be issued with a validity duration of this value.'), defaultText: undefined },
  serviceAccountSigningKeyFile: stringFlag('service-account-signing-key-file', '',
    'Path to the file that contains the current private key of the service account token issuer. The issuer will sign issued ID tokens with this private key.'),
};

/** `--api-audiences` belongs to the authentication group; it defaults to the issuers there (start-server.ts). */
export interface ServiceAccountFlagOptions {
  readonly serviceAccounts: ServiceAccountOptions;
}

/** upstream ServiceAccountAuthenticationOptions.Validate on the issuers. */
function validateIssuers(issuers: readonly string[]): void {
  const seen = new Set<string>();
  for (const issuer of issuers) {
    if (issuer.includes(':') && !URL.canParse(issuer)) throw new FlagError(`service-account-issuer "${issuer}" contained a ':' but was not a valid URL`);
    if (issuer === '') throw new FlagError('service-account-issuer should not be an empty string');
    if (seen.has(issuer)) throw new FlagError(`service-account-issuer ${JSON.stringify(issuer)} is already specified`);
    seen.add(issuer);
  }
}

const MIN_MAX_EXPIRATION_MS = 3_600_000;
const MAX_MAX_EXPIRATION_MS = 2 ** 32 * 1000;

function validate(values: { [K in keyof typeof flags]: (typeof flags)[K]['initial'] }): void {
  validateIssuers(values.serviceAccountIssuer);
  const max = values.serviceAccountMaxTokenExpirationMs;
  if (max !== 0 && (max < MIN_MAX_EXPIRATION_MS || max > MAX_MAX_EXPIRATION_MS)) throw new FlagError('the service-account-max-token-expiration must be between 1 hour and 2^32 seconds');
  const jwks = values.serviceAccountJwksUri;
  if (jwks !== '' && !jwks.startsWith('https://')) throw new FlagError(`service-account-jwks-uri requires https scheme, parsed as: ${jwks}`);
  // Upstream falls back to --tls-private-key-file; kplane's TLS key is generated, never given, so as upstream
  // without that flag a signing key needs its verification keys named.
  if (values.serviceAccountSigningKeyFile !== '' && values.serviceAccountKeyFile.length === 0) throw new FlagError('service-account-key-file is a required flag');
}

export const serviceAccounts: OptionGroup<typeof flags, ServiceAccountFlagOptions> = {
  flags,
  resolve(values, _changed, check) {
    if (check) validate(values);
    const signingKeyFile = optional(values.serviceAccountSigningKeyFile);
    const jwksURI = optional(values.serviceAccountJwksUri);
    return {
      serviceAccounts: {
        keyFiles: values.serviceAccountKeyFile,
        issuers: values.serviceAccountIssuer,
        lookup: values.serviceAccountLookup,
        extendTokenExpiration: values.serviceAccountExtendTokenExpiration,
        maxTokenExpirationSeconds: Math.floor(values.serviceAccountMaxTokenExpirationMs / 1000),
        ...(signingKeyFile ? { signingKeyFile } : {}),
        ...(jwksURI ? { jwksURI } : {}),
      },
    };
  },
  serverOptions: (o) => ({ serviceAccounts: o.serviceAccounts }),
};
