// The token controller (upstream pkg/controller/serviceaccount TokensController, 1.25): Secrets of type
// `kubernetes.io/service-account-token` naming an account get its legacy token, the root CA and the
// namespace (and are repaired when those are edited away); they are deleted with their account, and a
// deleted one leaves its account's `secrets` list. As 1.25 (LegacyServiceAccountTokenNoAutoGeneration on),
// no token secret is created for an account.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { legacyClaims } from '../../auth/service-accounts/claims.js';
import type { TokenGenerator } from '../../auth/service-accounts/token-generator.js';
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { getIfExists, isGoneOrTerminating, queueController } from '../queue-controller.js';
import type { WorkQueue } from '../work-queue.js';
import { controllerManagerWrite } from '../controller.js';

/** Writes as kube-controller-manager's tokens-controller (managedFields name `kube-controller-manager`). */
const WRITE = controllerManagerWrite('tokens-controller');

export const SERVICE_ACCOUNT_TOKEN_TYPE = 'kubernetes.io/service-account-token';
export const SERVICE_ACCOUNT_NAME_KEY = 'kubernetes.io/service-account.name';
export const SERVICE_ACCOUNT_UID_KEY = 'kubernetes.io/service-account.uid';

export interface TokensControllerDeps {
  serviceAccounts: Store;
  secrets: Store;
  /** Signs legacy tokens (issuer `kubernetes/serviceaccount`). */
  generator: TokenGenerator;
  /** The CA certificate (PEM) put into `ca.crt`. */
  rootCA: string;
}

type SecretData = Record<string, string>;
const b64 = (text: string): string => Buffer.from(text).toString('base64');

/** The account a token secret names: [name, uid ('' when not recorded)]. */
const accountOf = (secret: Readonly<KubeObject>): [string, string] => [secret.metadata.annotations?.[SERVICE_ACCOUNT_NAME_KEY] ?? '', secret.metadata.annotations?.[SERVICE_ACCOUNT_UID_KEY] ?? ''];

/** upstream getServiceAccount: the account, unless missing or of another uid than `uid` (when given). */
async function serviceAccount(deps: TokensControllerDeps, namespace: string, name: string, uid: string): Promise<KubeObject | undefined> {
  const sa = await getIfExists(deps.serviceAccounts, namespace, name);
  return sa && (!uid || sa.metadata.uid === uid) ? sa : undefined;
}

/** upstream secretUpdateNeeded: which of ca.crt, namespace and token need writing. */
function updateNeeded(secret: Readonly<KubeObject>, rootCA: string): { ca: boolean; namespace: boolean; token: boolean } {
  const data = (secret['data'] ?? {}) as SecretData;
  return { ca: rootCA !== '' && data['ca.crt'] !== b64(rootCA), namespace: !data['namespace'], token: !data['token'] };
}

/** upstream generateTokenIfNeeded: fills what is missing, and records the account's name and uid. */
async function populate(deps: TokensControllerDeps, sa: KubeObject, secret: KubeObject): Promise<void> {
  const needs = updateNeeded(secret, deps.rootCA);
  if (!needs.ca && !needs.namespace && !needs.token) return;
  const namespace = secret.metadata.namespace ?? '';
  const name = secret.metadata.name ?? '';
  const account = { namespace, name: sa.metadata.name ?? '', uid: sa.metadata.uid ?? '' };
  try {
    await deps.secrets.update(namespace, name, async (current) => {
      // Our view is stale: the newer version comes through the watch and is handled then.
      if (!current || current.metadata.resourceVersion !== secret.metadata.resourceVersion) throw staleSecret;
      const next = structuredClone(current) as KubeObject;
      const data = { ...((next['data'] ?? {}) as SecretData) };
      if (needs.ca) data['ca.crt'] = b64(deps.rootCA);
      if (needs.namespace) data['namespace'] = b64(namespace);
      if (needs.token) data['token'] = b64(await deps.generator.generate(legacyClaims(account, name)));
      next['data'] = data;
      next.metadata.annotations = { ...next.metadata.annotations, [SERVICE_ACCOUNT_NAME_KEY]: account.name, [SERVICE_ACCOUNT_UID_KEY]: account.uid };
      return next;
    }, WRITE);
  } catch (error) {
    if (error === staleSecret || (isStatusError(error) && (error.code === 409 || error.code === 404))) return;
    throw error;
  }
}

const staleSecret = new Error('secret is not up to date');

/** upstream deleteToken: deletes the secret if it is still the one seen (by uid). */
async function deleteSecret(deps: TokensControllerDeps, secret: Readonly<KubeObject>): Promise<void> {
  try {
    await deps.secrets.delete(secret.metadata.namespace ?? '', secret.metadata.name ?? '', { preconditions: { uid: secret.metadata.uid ?? '' } }, WRITE);
  } catch (error) {
    if (!(isStatusError(error) && (error.code === 404 || error.code === 409))) throw error;
  }
}

/** upstream syncSecret for an existing token secret. */
async function syncSecret(deps: TokensControllerDeps, namespace: string, name: string): Promise<void> {
  const secret = await getIfExists(deps.secrets, namespace, name);
  if (!secret || secret['type'] !== SERVICE_ACCOUNT_TOKEN_TYPE) return;
  const [saName, saUID] = accountOf(secret);
  const sa = await serviceAccount(deps, namespace, saName, saUID);
  if (!sa) return deleteSecret(deps, secret);
  return populate(deps, sa, secret);
}

/** upstream syncServiceAccount for a deleted account: its token secrets go too (upstream deleteTokens). */
async function deleteTokens(deps: TokensControllerDeps, namespace: string, name: string, uid: string): Promise<void> {
  if (await serviceAccount(deps, namespace, name, uid)) return;
  for (const item of (await deps.secrets.list(namespace, {})).items) {
    const [saName, saUID] = accountOf(item.object);
    if (item.object['type'] === SERVICE_ACCOUNT_TOKEN_TYPE && saName === name && (!saUID || saUID === uid)) await deleteSecret(deps, item.object);
  }
}

/** upstream removeSecretReference: a deleted token secret leaves its account's `secrets`. */
async function removeReference(deps: TokensControllerDeps, namespace: string, saName: string, saUID: string, secretName: string): Promise<void> {
  const sa = await serviceAccount(deps, namespace, saName, saUID);
  const refs = (sa?.['secrets'] ?? []) as { name?: string }[];
  if (!refs.some((r) => r.name === secretName)) return;
  try {
    await deps.serviceAccounts.update(namespace, saName, (current) => {
      if (!current || (saUID && current.metadata.uid !== saUID)) throw staleSecret;
      const next = structuredClone(current) as KubeObject;
      next['secrets'] = ((next['secrets'] ?? []) as { name?: string }[]).filter((r) => r.name !== secretName);
      return next;
    }, WRITE);
  } catch (error) {
    if (error !== staleSecret && !isGoneOrTerminating(error)) throw error;
  }
}

/** Work keys: `secret\0ns\0name`, `account\0ns\0name\0uid`, `reference\0ns\0account\0uid\0secret`. */
function reconcile(deps: TokensControllerDeps, key: string): Promise<void> {
  const [kind, namespace = '', a = '', b = '', c = ''] = key.split('\0');
  if (kind === 'secret') return syncSecret(deps, namespace, a);
  if (kind === 'account') return deleteTokens(deps, namespace, a, b);
  return removeReference(deps, namespace, a, b, c);
}

function onSecret(secret: Readonly<KubeObject>, type: string, queue: WorkQueue): void {
  if (secret['type'] !== SERVICE_ACCOUNT_TOKEN_TYPE) return;
  const { namespace = '', name = '' } = secret.metadata;
  if (type !== 'DELETED') return queue.add(['secret', namespace, name].join('\0'));
  queue.add(['reference', namespace, ...accountOf(secret), name].join('\0'));
}

/** The controller `serviceaccount-token`. */
export function tokensController(deps: TokensControllerDeps): Controller {
  return queueController('serviceaccount-token', [
    { store: deps.serviceAccounts, onObject: (sa, type, queue) => type === 'DELETED' && queue.add(['account', sa.metadata.namespace ?? '', sa.metadata.name ?? '', sa.metadata.uid ?? ''].join('\0')) },
    { store: deps.secrets, onObject: onSecret },
  ], (key) => reconcile(deps, key));
}
