// OpenID Connect (upstream OIDCAuthenticationOptions) and bootstrap tokens (upstream
// BootstrapTokenAuthenticationOptions): two token authenticators of kube-apiserver's built-in authentication.
import { boolFlag, FlagError, mapFlag, stringFlag, stringsFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';
import type { OidcOptions } from '../../auth/authenticators/oidc/index.js';

const flags = {
  enableBootstrapTokenAuth: boolFlag('enable-bootstrap-token-auth',
    "Enable to allow secrets of type 'bootstrap.kubernetes.io/token' in the 'kube-system' namespace to be used for TLS bootstrapping authentication."),
  oidcCaFile: stringFlag('oidc-ca-file', '',
    "If set, the OpenID server's certificate will be verified by one of the authorities in the oidc-ca-file, otherwise the host's root CA set will be used."),
  oidcClientId: stringFlag('oidc-client-id', '',
    'The client ID for the OpenID Connect client, must be set if oidc-issuer-url is set.'),
  oidcGroupsClaim: stringFlag('oidc-groups-claim', '',
    'If provided, the name of a custom OpenID Connect claim for specifying user groups. The claim value is expected to be a string or array of strings. This flag is experimental, please see the authentication documentation for further details.'),
  oidcGroupsPrefix: stringFlag('oidc-groups-prefix', '',
    'If provided, all groups will be prefixed with this value to prevent conflicts with other authentication strategies.'),
  oidcIssuerUrl: stringFlag('oidc-issuer-url', '',
    'The URL of the OpenID issuer, only HTTPS scheme will be accepted. If set, it will be used to verify the OIDC JSON Web Token (JWT).'),
  oidcRequiredClaim: mapFlag('oidc-required-claim',
    'A key=value pair that describes a required claim in the ID Token. If set, the claim is verified to be present in the ID Token with a matching value. Repeat this flag to specify multiple claims.'),
  oidcSigningAlgs: stringsFlag('oidc-signing-algs',
    "Comma-separated list of allowed JOSE asymmetric signing algorithms. JWTs with a supported 'alg' header values are: RS256, RS384, RS512, ES256, ES384, ES512, PS256, PS384, PS512. Values are defined by RFC 7518 https://tools.ietf.org/html/rfc7518#section-3.1.",
    ['RS256']),
  oidcUsernameClaim: stringFlag('oidc-username-claim', 'sub',
    "The OpenID claim to use as the user name. Note that claims other than the default ('sub') is not guaranteed to be unique and immutable. This flag is experimental, please see the authentication documentation for further details."),
  oidcUsernamePrefix: stringFlag('oidc-username-prefix', '',
    "If provided, all usernames will be prefixed with this value. If not provided, username claims other than 'email' are prefixed by the issuer URL to avoid clashes. To skip any prefixing, provide the value '-'."),
};

export interface OidcFlagOptions {
  readonly enableBootstrapTokenAuth: boolean;
  /** Set when `--oidc-issuer-url` (with `--oidc-client-id`) is. */
  readonly oidc: OidcOptions | undefined;
}

export const oidc: OptionGroup<typeof flags, OidcFlagOptions> = {
  flags,
  resolve(values, _changed, validate) {
    // upstream BuiltInAuthenticationOptions.Validate; the authenticator checks the rest when it starts.
    if (validate && (values.oidcIssuerUrl !== '') !== (values.oidcClientId !== '')) {
      throw new FlagError('oidc-issuer-url and oidc-client-id should be specified together');
    }
    const caFile = optional(values.oidcCaFile);
    const groupsClaim = optional(values.oidcGroupsClaim);
    const groupsPrefix = optional(values.oidcGroupsPrefix);
    const usernamePrefix = optional(values.oidcUsernamePrefix);
    const configured = values.oidcIssuerUrl !== '' && values.oidcClientId !== '';
    return {
      enableBootstrapTokenAuth: values.enableBootstrapTokenAuth,
      oidc: configured
        ? {
            issuerURL: values.oidcIssuerUrl,
            clientID: values.oidcClientId,
            usernameClaim: values.oidcUsernameClaim,
            signingAlgs: values.oidcSigningAlgs,
            requiredClaims: values.oidcRequiredClaim,
            ...(caFile ? { caFile } : {}),
            ...(usernamePrefix ? { usernamePrefix } : {}),
            ...(groupsClaim ? { groupsClaim } : {}),
            ...(groupsPrefix ? { groupsPrefix } : {}),
          }
        : undefined,
    };
  },
  serverOptions: (o) => ({
    ...(o.enableBootstrapTokenAuth ? { enableBootstrapTokenAuth: true } : {}),
    ...(o.oidc ? { oidc: o.oidc } : {}),
  }),
};
