// Authorization (upstream kube-apiserver BuiltInAuthorizationOptions): the ordered modes and the files and
// settings of ABAC and Webhook. The checks are modes.ts's (upstream Validate), plus the webhook version
// upstream refuses when it builds the Webhook mode.
import { aggregateMessage } from '../../errors/aggregate.js';
import { authorizationOptionErrors, AUTHORIZATION_MODES, DEFAULT_AUTHORIZATION_MODES, type AuthorizationOptions } from '../../authorization/modes.js';
import { webhookVersions, type WebhookVersion } from '../../authorization/webhook/webhook-authorizer.js';
import { durationFlag, FlagError, stringFlag, stringsFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';

const flags = {
  authorizationMode: stringsFlag('authorization-mode',
    `Ordered list of plug-ins to do authorization on secure port. Comma-delimited list of: ${AUTHORIZATION_MODES.join(',')}.`, DEFAULT_AUTHORIZATION_MODES),
  authorizationPolicyFile: stringFlag('authorization-policy-file', '',
    'File with authorization policy in json line by line format, used with --authorization-mode=ABAC, on the secure port.'),
  authorizationWebhookConfigFile: stringFlag('authorization-webhook-config-file', '',
    "File with webhook configuration in kubeconfig format, used with --authorization-mode=Webhook. The API server will query the remote service to determine access on the API server's secure port."),
  authorizationWebhookVersion: stringFlag('authorization-webhook-version', 'v1beta1',
    'The API version of the authorization.k8s.io SubjectAccessReview to send to and expect from the webhook.'),
  authorizationWebhookCacheAuthorizedTtl: durationFlag('authorization-webhook-cache-authorized-ttl', 5 * 60_000,
    "The duration to cache 'authorized' responses from the webhook authorizer."),
  authorizationWebhookCacheUnauthorizedTtl: durationFlag('authorization-webhook-cache-unauthorized-ttl', 30_000,
    "The duration to cache 'unauthorized' responses from the webhook authorizer."),
};

export interface AuthorizationFlagOptions {
  /** The modes given with --authorization-mode; undefined: the server's default (Node,RBAC). */
  readonly authorizationModes: readonly string[] | undefined;
  readonly authorizationPolicyFile: string | undefined;
  readonly authorizationWebhookConfigFile: string | undefined;
  readonly authorizationWebhookVersion: WebhookVersion;
  readonly authorizationWebhookCacheAuthorizedTtlMs: number;
  readonly authorizationWebhookCacheUnauthorizedTtlMs: number;
}

export const authorization: OptionGroup<typeof flags, AuthorizationFlagOptions> = {
  flags,
  resolve(values, changed, validate) {
    const modes = changed.has('authorizationMode') ? values.authorizationMode : undefined;
    const policyFile = optional(values.authorizationPolicyFile);
    const webhookConfigFile = optional(values.authorizationWebhookConfigFile);
    const version = webhookVersions.find((v) => v === values.authorizationWebhookVersion);
    if (validate) {
      const errors = authorizationOptionErrors({ ...(modes ? { modes } : {}), ...(policyFile ? { policyFile } : {}), ...(webhookConfigFile ? { webhookConfigFile } : {}) });
      if (errors.length > 0) throw new FlagError(aggregateMessage(errors));
      // upstream refuses an unknown version when it builds the Webhook mode, that is with the mode only.
      if (version === undefined && (modes ?? DEFAULT_AUTHORIZATION_MODES).includes('Webhook')) {
        throw new FlagError(`unsupported webhook authorizer version ${JSON.stringify(values.authorizationWebhookVersion)}, supported versions are "v1", "v1beta1"`);
      }
    }
    return {
      authorizationModes: modes,
      authorizationPolicyFile: policyFile,
      authorizationWebhookConfigFile: webhookConfigFile,
      authorizationWebhookVersion: version ?? 'v1beta1',
      authorizationWebhookCacheAuthorizedTtlMs: values.authorizationWebhookCacheAuthorizedTtl,
      authorizationWebhookCacheUnauthorizedTtlMs: values.authorizationWebhookCacheUnauthorizedTtl,
    };
  },
  serverOptions(o) {
    const options: AuthorizationOptions = {
      ...(o.authorizationModes ? { modes: o.authorizationModes } : {}),
      ...(o.authorizationPolicyFile ? { policyFile: o.authorizationPolicyFile } : {}),
      ...(o.authorizationWebhookConfigFile
        ? {
          webhookConfigFile: o.authorizationWebhookConfigFile,
          webhookVersion: o.authorizationWebhookVersion,
          webhookCacheAuthorizedTtlMs: o.authorizationWebhookCacheAuthorizedTtlMs,
          webhookCacheUnauthorizedTtlMs: o.authorizationWebhookCacheUnauthorizedTtlMs,
        }
        : {}),
    };
    // Nothing given: startServer's default modes.
    return Object.keys(options).length > 0 ? { authorization: options } : {};
  },
};
