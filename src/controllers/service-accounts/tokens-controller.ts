// The token controller (upstream pkg/controller/serviceaccount TokensController, 1.25): Secrets of type
// `kubernetes.io/service-account-token` naming an account get its legacy token, the root CA and the
// namespace (and are repaired when those are edited away); they are deleted with their account, and a
// deleted one leaves its account's `secrets` list. As 1.25 (LegacyServiceAccountTokenNoAutoGeneration on),
// no token secret is created for an account; with that gate off (`autoGenerate`), every account gets one
// and references it, as upstream's ensureReferencedToken did up to 1.23.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { legacyClaims } from '../../auth/service-accounts/claims.js';
import type { TokenGenerator } from '../../auth/service-accounts/token-generator.js';
import type { Informer } from '../../client/informer.js';
import type { ResourceClient, ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { queueController } from '../queue-controller.js';
import { isGoneOrChanged, isGoneOrTerminating } from '../status-errors.js';
import type { WorkQueue } from '../work-queue.js';
import { generateName } from '../../registry/object-meta-fields.js';

export const SERVICE_ACCOUNT_TOKEN_TYPE = 'kubernetes.io/service-account-token';
export const SERVICE_ACCOUNT_NAME_KEY = 'kubernetes.io/service-account.name';
export const SERVICE_ACCOUNT_UID_KEY = 'kubernetes.io/service-account.uid';

export interface TokensControllerDeps {
  serviceAccounts: ResourceRef;
  secrets: ResourceRef;
  /** Signs legacy tokens (issuer `kubernetes/serviceaccount`). */
  generator: TokenGenerator;
  /** The CA certificate (PEM) put into `ca.crt`. */
  rootCA: string;
  /** LegacyServiceAccountTokenNoAutoGeneration off: a token secret for every account. */
  autoGenerate?: boolean;
}

/** What the reconcile works with: the shared informers' caches and the manager's clients. */
interface Tokens {
  deps: TokensControllerDeps;
  accounts: Informer;
  secrets: Informer;
  accountClient: ResourceClient;
  secretClient: ResourceClient;
  /** Token secrets this controller created that the informer may not show yet (upstream's mutation cache), by `ns/name`. */
  created: Map<string, Readonly<KubeObject>>;
}

type SecretData = Record<string, string>;
const b64 = (text: string): string => Buffer.from(text).toString('base64');

/** The account a token secret names: [name, uid ('' when not recorded)]. */
const accountOf = (secret: Readonly<KubeObject>): [string, string] => [secret.metadata.annotations?.[SERVICE_ACCOUNT_NAME_KEY] ?? '', secret.metadata.annotations?.[SERVICE_ACCOUNT_UID_KEY] ?? ''];

/** upstream getServiceAccount: the account, unless missing or of another uid than `uid` (when given). */
function serviceAccount(t: Tokens, namespace: string, name: string, uid: string): Readonly<KubeObject> | undefined {
  const sa = t.accounts.get(namespace, name);
  return sa && (!uid || sa.metadata.uid === uid) ? sa : undefined;
}

/** upstream secretUpdateNeeded: which of ca.crt, namespace and token need writing. */
function updateNeeded(secret: Readonly<KubeObject>, rootCA: string): { ca: boolean; namespace: boolean; token: boolean } {
  const data = (secret['data'] ?? {}) as SecretData;
  return { ca: rootCA !== '' && data['ca.crt'] !== b64(rootCA), namespace: !data['namespace'], token: !data['token'] };
}

/** upstream generateTokenIfNeeded: fills what is missing, and records the account's name and uid. */
async function populate(t: Tokens, sa: Readonly<KubeObject>, secret: Readonly<KubeObject>): Promise<void> {
  const { deps } = t;
  const needs = updateNeeded(secret, deps.rootCA);
  if (!needs.ca && !needs.namespace && !needs.token) return;
  const namespace = secret.metadata.namespace ?? '';
  const name = secret.metadata.name ?? '';
  const account = { namespace, name: sa.metadata.name ?? '', uid: sa.metadata.uid ?? '' };
  try {
    await t.secretClient.update(namespace, name, async (current) => {
      // Our view is stale: the newer version comes through the watch and is handled then.
      if (current.metadata.resourceVersion !== secret.metadata.resourceVersion) throw staleSecret;
      const next = current;
      const data = { ...((next['data'] ?? {}) as SecretData) };
      if (needs.ca) data['ca.crt'] = b64(deps.rootCA);
      if (needs.namespace) data['namespace'] = b64(namespace);
      if (needs.token) data['token'] = b64(await deps.generator.generate(legacyClaims(account, name)));
      next['data'] = data;
      next.metadata.annotations = { ...next.metadata.annotations, [SERVICE_ACCOUNT_NAME_KEY]: account.name, [SERVICE_ACCOUNT_UID_KEY]: account.uid };
      return next;
    });
  } catch (error) {
    if (error === staleSecret || isGoneOrChanged(error)) return;
    throw error;
  }
}

const staleSecret = new Error('secret is not up to date');

/** upstream deleteToken: deletes the secret if it is still the one seen (by uid). */
async function deleteSecret(t: Tokens, secret: Readonly<KubeObject>): Promise<void> {
  try {
    await t.secretClient.delete(secret.metadata.namespace ?? '', secret.metadata.name ?? '', { preconditions: { uid: secret.metadata.uid ?? '' } });
  } catch (error) {
    if (!isGoneOrChanged(error)) throw error;
  }
}

/** upstream syncSecret for an existing token secret. */
async function syncSecret(t: Tokens, namespace: string, name: string): Promise<void> {
  const secret = t.secrets.get(namespace, name);
  if (!secret || secret['type'] !== SERVICE_ACCOUNT_TOKEN_TYPE) return;
  const [saName, saUID] = accountOf(secret);
  const sa = serviceAccount(t, namespace, saName, saUID);
  if (!sa) return deleteSecret(t, secret);
  return populate(t, sa, secret);
}

/** upstream syncServiceAccount: a deleted account's token secrets go (deleteTokens); a live one gets one when auto-generating. */
async function syncAccount(t: Tokens, namespace: string, name: string, uid: string): Promise<void> {
  const sa = serviceAccount(t, namespace, name, uid);
  if (!sa) return deleteTokens(t, namespace, name, uid);
  if (t.deps.autoGenerate) await ensureReferencedToken(t, sa);
}

/** upstream IsServiceAccountToken: a token secret naming `sa` (and its uid, when recorded). */
function isTokenOf(secret: Readonly<KubeObject>, sa: Readonly<KubeObject>): boolean {
  const [saName, saUID] = accountOf(secret);
  return secret['type'] === SERVICE_ACCOUNT_TOKEN_TYPE && saName === sa.metadata.name && (!saUID || saUID === sa.metadata.uid);
}

/** upstream hasReferencedToken: one of the account's `secrets` is a token secret of it. */
function hasReferencedToken(t: Tokens, sa: Readonly<KubeObject>): boolean {
  const namespace = sa.metadata.namespace ?? '';
  const names = ((sa['secrets'] ?? []) as { name?: string }[]).map((r) => r.name ?? '');
  return names.some((name) => {
    const secret = t.secrets.get(namespace, name) ?? t.created.get(`${namespace}/${name}`);
    if (secret && t.secrets.get(namespace, name)) t.created.delete(`${namespace}/${name}`);
    return secret !== undefined && isTokenOf(secret, sa);
  });
}

/** upstream ensureReferencedToken: creates `<account>-token-<5 random characters>` and adds it to the account's `secrets`. */
async function ensureReferencedToken(t: Tokens, sa: Readonly<KubeObject>): Promise<void> {
  if (hasReferencedToken(t, sa)) return;
  const namespace = sa.metadata.namespace ?? '';
  const saName = sa.metadata.name ?? '';
  // Our view of the account is stale: the newer version comes through the watch and is handled then.
  if ((await t.accountClient.get(namespace, saName)).metadata.resourceVersion !== sa.metadata.resourceVersion) return;
  const name = generateName(`${saName}-token-`);
  const account = { namespace, name: saName, uid: sa.metadata.uid ?? '' };
  const data: SecretData = { token: b64(await t.deps.generator.generate(legacyClaims(account, name))), namespace: b64(namespace) };
  if (t.deps.rootCA) data['ca.crt'] = b64(t.deps.rootCA);
  const annotations = { [SERVICE_ACCOUNT_NAME_KEY]: saName, [SERVICE_ACCOUNT_UID_KEY]: account.uid };
  const created = await t.secretClient.create(namespace, { metadata: { name, namespace, annotations }, type: SERVICE_ACCOUNT_TOKEN_TYPE, data });
  t.created.set(`${namespace}/${name}`, created);
  try {
    await t.accountClient.update(namespace, saName, (current) => {
      // Another account of that name, or one that found its token meanwhile: nothing to reference.
      if (current.metadata.uid !== account.uid || hasReferencedToken(t, current)) return undefined;
      current['secrets'] = [...((current['secrets'] ?? []) as { name?: string }[]), { name }];
      return current;
    });
  } catch (error) {
    // The token could not be referenced: it goes, as upstream cleans it up.
    t.created.delete(`${namespace}/${name}`);
    await deleteSecret(t, created);
    if (!isGoneOrChanged(error)) throw error;
  }
}

/** upstream deleteTokens: the token secrets of an account that is gone. */
async function deleteTokens(t: Tokens, namespace: string, name: string, uid: string): Promise<void> {
  for (const secret of t.secrets.list(namespace)) {
    const [saName, saUID] = accountOf(secret);
    if (secret['type'] === SERVICE_ACCOUNT_TOKEN_TYPE && saName === name && (!saUID || saUID === uid)) await deleteSecret(t, secret);
  }
}

/** upstream removeSecretReference: a deleted token secret leaves its account's `secrets`. */
async function removeReference(t: Tokens, namespace: string, saName: string, saUID: string, secretName: string): Promise<void> {
  const sa = serviceAccount(t, namespace, saName, saUID);
  const refs = (sa?.['secrets'] ?? []) as { name?: string }[];
  if (!refs.some((r) => r.name === secretName)) return;
  try {
    await t.accountClient.update(namespace, saName, (current) => {
      if (saUID && current.metadata.uid !== saUID) throw staleSecret;
      current['secrets'] = ((current['secrets'] ?? []) as { name?: string }[]).filter((r) => r.name !== secretName);
      return current;
    });
  } catch (error) {
    if (error !== staleSecret && !isGoneOrTerminating(error)) throw error;
  }
}

/** Work keys: `secret\0ns\0name`, `account\0ns\0name\0uid`, `reference\0ns\0account\0uid\0secret`. */
function reconcile(t: Tokens, key: string): Promise<void> {
  const [kind, namespace = '', a = '', b = '', c = ''] = key.split('\0');
  if (kind === 'secret') return syncSecret(t, namespace, a);
  if (kind === 'account') return syncAccount(t, namespace, a, b);
  return removeReference(t, namespace, a, b, c);
}

function onSecret(secret: Readonly<KubeObject>, type: string, queue: WorkQueue): void {
  if (secret['type'] !== SERVICE_ACCOUNT_TOKEN_TYPE) return;
  const { namespace = '', name = '' } = secret.metadata;
  if (type !== 'DELETED') return queue.add(['secret', namespace, name].join('\0'));
  queue.add(['reference', namespace, ...accountOf(secret), name].join('\0'));
}

/** The controller `serviceaccount-token`: kube-controller-manager runs it with its own identity, not an account's. */
export function tokensController(context: ControllerContext, deps: TokensControllerDeps): Controller {
  const t: Tokens = {
    deps,
    accounts: context.informers.informerFor(deps.serviceAccounts),
    secrets: context.informers.informerFor(deps.secrets, { fieldSelector: `type=${SERVICE_ACCOUNT_TOKEN_TYPE}` }),
    accountClient: context.clients.resource(deps.serviceAccounts),
    secretClient: context.clients.resource(deps.secrets),
    created: new Map(),
  };
  return queueController('serviceaccount-token', [
    { informer: t.accounts, onObject: (sa, type, queue) => (type === 'DELETED' || deps.autoGenerate) && queue.add(['account', sa.metadata.namespace ?? '', sa.metadata.name ?? '', sa.metadata.uid ?? ''].join('\0')) },
    { informer: t.secrets, onObject: onSecret },
  ], (key) => reconcile(t, key));
}
