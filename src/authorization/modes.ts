// `--authorization-mode` and its companion flags (upstream kube-apiserver BuiltInAuthorizationOptions):
// the modes, in the order they are asked, and the checks of their combination with upstream's wording.

export const AUTHORIZATION_MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'] as const;
export type AuthorizationMode = (typeof AUTHORIZATION_MODES)[number];

/** kplane's default, as a kubeadm cluster's (upstream's flag default is AlwaysAllow): a fresh server is as safe as a fresh cluster. */
export const DEFAULT_AUTHORIZATION_MODES: readonly AuthorizationMode[] = ['Node', 'RBAC'];

export interface AuthorizationOptions {
  /** `--authorization-mode`: default Node,RBAC. */
  modes?: readonly string[];
  /** `--authorization-policy-file`: the ABAC policy (JSON lines). */
  policyFile?: string;
  /** `--authorization-webhook-config-file`: a kubeconfig naming the SubjectAccessReview webhook. */
  webhookConfigFile?: string;
  /** `--authorization-webhook-version`: `v1beta1` (default) or `v1`. */
  webhookVersion?: 'v1' | 'v1beta1';
  /** `--authorization-webhook-cache-authorized-ttl` in milliseconds: default 5 minutes. */
  webhookCacheAuthorizedTtlMs?: number;
  /** `--authorization-webhook-cache-unauthorized-ttl` in milliseconds: default 30 s. */
  webhookCacheUnauthorizedTtlMs?: number;
}

export const isAuthorizationMode = (mode: string): mode is AuthorizationMode => (AUTHORIZATION_MODES as readonly string[]).includes(mode);

/** Upstream BuiltInAuthorizationOptions.Validate: what is wrong with this combination (empty: nothing). */
export function authorizationOptionErrors(options: AuthorizationOptions): string[] {
  const modes = options.modes ?? DEFAULT_AUTHORIZATION_MODES;
  const errors: string[] = [];
  if (modes.length === 0) errors.push('at least one authorization-mode must be passed');
  const seen = new Set<string>();
  for (const mode of modes) {
    if (!isAuthorizationMode(mode)) errors.push(`authorization-mode ${JSON.stringify(mode)} is not a valid mode`);
    if (mode === 'ABAC' && !options.policyFile) errors.push("authorization-mode ABAC's authorization policy file not passed");
    if (mode === 'Webhook' && !options.webhookConfigFile) errors.push("authorization-mode Webhook's authorization config file not passed");
    seen.add(mode);
  }
  if (options.policyFile && !seen.has('ABAC')) errors.push('cannot specify --authorization-policy-file without mode ABAC');
  if (options.webhookConfigFile && !seen.has('Webhook')) errors.push('cannot specify --authorization-webhook-config-file without mode Webhook');
  // Go's %q of the whole list: ["RBAC" "RBAC"].
  if (seen.size !== modes.length) errors.push(`authorization-mode [${modes.map((m) => JSON.stringify(m)).join(' ')}] has mode specified more than once`);
  return errors;
}
