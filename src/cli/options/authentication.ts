// Authentication (upstream BuiltInAuthenticationOptions): the methods that name a request's user. The
// authenticating proxy's flags are their own group (request-header.ts), as upstream's generic options.
import { boolFlag, durationFlag, FlagError, stringFlag, stringsFlag } from '../flag-set.js';
import { tokenWebhookVersions, type TokenWebhookVersion } from '../../auth/authenticators/token-webhook.js';
import { optional, type OptionGroup } from './option-group.js';

const flags = {
  anonymousAuth: { ...boolFlag('anonymous-auth',
    'Enables anonymous requests to the secure port of the API server. Requests that are not rejected by another authentication method are treated as anonymous requests. Anonymous requests have a username of system:anonymous, and a group name of system:unauthenticated.'),
  initial: true, defaultText: 'true' },
  apiAudiences: stringsFlag('api-audiences',
    'Identifiers of the API. The service account token authenticator will validate that tokens used against the API are bound to at least one of these audiences. If the --service-account-issuer flag is configured and this flag is not, this field defaults to a single element list containing the issuer URL.'),
  clientCAFile: stringFlag('client-ca-file', '',
    'If set, any request presenting a client certificate signed by one of the authorities in the client-ca-file is authenticated with an identity corresponding to the CommonName of the client certificate.'),
  tokenAuthFile: stringFlag('token-auth-file', '',
    'If set, the file that will be used to secure the secure port of the API server via token authentication.'),
  tokenWebhookCacheTtl: durationFlag('authentication-token-webhook-cache-ttl', 120_000,
    'The duration to cache responses from the webhook token authenticator.'),
  tokenWebhookConfigFile: stringFlag('authentication-token-webhook-config-file', '',
    'File with webhook configuration for token authentication in kubeconfig format. The API server will query the remote service to determine authentication for bearer tokens.'),
  tokenWebhookVersion: stringFlag('authentication-token-webhook-version', 'v1beta1',
    'The API version of the authentication.k8s.io TokenReview to send to and expect from the webhook.'),
};

export interface AuthenticationFlagOptions {
  readonly anonymousAuth: boolean;
  readonly apiAudiences: readonly string[];
  readonly clientCAFile: string | undefined;
  readonly tokenAuthFile: string | undefined;
  readonly tokenWebhookConfigFile: string | undefined;
  readonly tokenWebhookVersion: TokenWebhookVersion;
  readonly tokenWebhookCacheTtlMs: number;
}

export const authentication: OptionGroup<typeof flags, AuthenticationFlagOptions> = {
  flags,
  resolve(values, _changed, validate) {
    const version = tokenWebhookVersions.find((v) => v === values.tokenWebhookVersion);
    // upstream refuses an unknown version when it builds the webhook, that is with a config file only.
    if (validate && version === undefined && values.tokenWebhookConfigFile !== '') {
      throw new FlagError(`unsupported authentication webhook version ${JSON.stringify(values.tokenWebhookVersion)}, supported versions are "v1", "v1beta1"`);
    }
    return {
      anonymousAuth: values.anonymousAuth,
      apiAudiences: values.apiAudiences,
      clientCAFile: optional(values.clientCAFile),
      tokenAuthFile: optional(values.tokenAuthFile),
      tokenWebhookConfigFile: optional(values.tokenWebhookConfigFile),
      tokenWebhookVersion: version ?? 'v1beta1',
      tokenWebhookCacheTtlMs: values.tokenWebhookCacheTtl,
    };
  },
  serverOptions: (o) => ({
    anonymousAuth: o.anonymousAuth,
    ...(o.apiAudiences.length > 0 ? { apiAudiences: o.apiAudiences } : {}),
    ...(o.clientCAFile ? { clientCAFile: o.clientCAFile } : {}),
    ...(o.tokenAuthFile ? { tokenAuthFile: o.tokenAuthFile } : {}),
    ...(o.tokenWebhookConfigFile
      ? { tokenWebhook: { configFile: o.tokenWebhookConfigFile, version: o.tokenWebhookVersion, cacheTtlMs: o.tokenWebhookCacheTtlMs } }
      : {}),
  }),
};
