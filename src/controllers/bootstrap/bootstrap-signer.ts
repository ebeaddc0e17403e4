// Bootstrap signer (kube-controller-manager's `bootstrapsigner`, upstream pkg/controller/bootstrap/
// bootstrapsigner.go): keeps one `jws-kubeconfig-<id>` key in the `cluster-info` ConfigMap of kube-public
// per bootstrap token Secret that may sign (see signingToken), each a detached JWS of the ConfigMap's
// `kubeconfig`, and removes the signatures of tokens that no longer may. It signs an existing ConfigMap
// only; kplane publishes the ConfigMap itself (server/cluster-info.ts), as kubeadm does for kube-apiserver.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { BOOTSTRAP_TOKEN_NAMESPACE, BOOTSTRAP_TOKEN_SECRET_TYPE, detachedSignature, signingToken, timeToExpiry, type TokenSecret } from '../../auth/bootstrap-token/index.js';
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { followWatch } from '../follow-watch.js';
import { WorkQueue } from '../work-queue.js';
import { controllerManagerWrite } from '../controller.js';

/** Writes as kube-controller-manager's bootstrap-signer (managedFields name `kube-controller-manager`). */
const WRITE = controllerManagerWrite('bootstrap-signer');

export const CLUSTER_INFO_NAMESPACE = 'kube-public';
export const CLUSTER_INFO_NAME = 'cluster-info';
export const KUBECONFIG_KEY = 'kubeconfig';
export const JWS_KEY_PREFIX = 'jws-kubeconfig-';
/** The longest wait before signatures are recomputed for a token about to expire. */
const MAX_RECHECK_MS = 60 * 60 * 1000;

export interface BootstrapSignerDeps {
  secrets: Store;
  configMaps: Store;
  now?: () => Date;
}

/** The `bootstrapsigner` controller. */
export function bootstrapSignerController(deps: BootstrapSignerDeps): Controller {
  const now = deps.now ?? (() => new Date());
  const abort = new AbortController();
  // One key: every change of a token Secret or of cluster-info collapses into one signing pass.
  const queue: WorkQueue = new WorkQueue(async () => {
    const nextExpiry = await signClusterInfo(deps, now());
    // Expired tokens lose their signature even before the token cleaner removes their Secret.
    if (Number.isFinite(nextExpiry)) queue.addAfter(CLUSTER_INFO_NAME, Math.min(nextExpiry, MAX_RECHECK_MS));
  });
  const watching = { secrets: false, configMaps: false };
  const follow = (store: Store, which: keyof typeof watching, relevant: (o: Readonly<KubeObject>) => boolean) =>
    followWatch(store, {
      name: 'bootstrapsigner',
      signal: abort.signal,
      onWatching: (open) => (watching[which] = open),
      onObject: (o) => {
        if (relevant(o)) queue.add(CLUSTER_INFO_NAME);
      },
    });
  return {
    name: 'bootstrapsigner',
    async start() {
      watching.secrets = watching.configMaps = true;
      void follow(deps.secrets, 'secrets', (o) => o.metadata.namespace === BOOTSTRAP_TOKEN_NAMESPACE && o['type'] === BOOTSTRAP_TOKEN_SECRET_TYPE);
      void follow(deps.configMaps, 'configMaps', (o) => o.metadata.namespace === CLUSTER_INFO_NAMESPACE && o.metadata.name === CLUSTER_INFO_NAME);
    },
    stop() {
      abort.abort();
      queue.stop();
      watching.secrets = watching.configMaps = false;
    },
    check() {
      if (!watching.secrets || !watching.configMaps) throw new Error('bootstrapsigner controller is not watching');
    },
  };
}

/**
 * One signing pass (upstream signConfigMap): recomputes every signature and writes the ConfigMap when one
 * is new, changed or gone. Answers the time until the first signing token expires.
 */
async function signClusterInfo(deps: BootstrapSignerDeps, now: Date): Promise<number> {
  let configMap: Readonly<KubeObject>;
  try {
    configMap = (await deps.configMaps.get(CLUSTER_INFO_NAMESPACE, CLUSTER_INFO_NAME)).object;
  } catch (error) {
    if (isStatusError(error) && error.reason === 'NotFound') return Number.POSITIVE_INFINITY;
    throw error;
  }
  const data = { ...(configMap['data'] as Record<string, string> | undefined) };
  const content = data[KUBECONFIG_KEY];
  if (content === undefined) return Number.POSITIVE_INFINITY;
  const old = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (!key.startsWith(JWS_KEY_PREFIX)) continue;
    old.set(key.slice(JWS_KEY_PREFIX.length), value);
    delete data[key];
  }
  const { tokens, nextExpiry } = await signingTokens(deps.secrets, now);
  let changed = false;
  for (const [id, secret] of tokens) {
    const signature = await detachedSignature(content, id, secret);
    if (old.get(id) !== signature) changed = true;
    old.delete(id);
    data[JWS_KEY_PREFIX + id] = signature;
  }
  if (changed || old.size > 0) await writeData(deps.configMaps, configMap, data);
  return nextExpiry;
}

/** The tokens that may sign, by id (the first Secret of an id wins), and when the first of them expires. */
async function signingTokens(secrets: Store, now: Date): Promise<{ tokens: Map<string, string>; nextExpiry: number }> {
  const tokens = new Map<string, string>();
  let nextExpiry = Number.POSITIVE_INFINITY;
  for (const { object } of (await secrets.list(BOOTSTRAP_TOKEN_NAMESPACE, {})).items) {
    if (object['type'] !== BOOTSTRAP_TOKEN_SECRET_TYPE) continue;
    const secret = object as unknown as TokenSecret;
    const token = signingToken(secret, now);
    if (!token || tokens.has(token.id)) continue;
    tokens.set(token.id, token.secret);
    nextExpiry = Math.min(nextExpiry, timeToExpiry(secret, now));
  }
  return { tokens, nextExpiry };
}

/** Writes `data` over the ConfigMap as read; a newer ConfigMap (409) or none (404) is left to the next pass. */
async function writeData(configMaps: Store, read: Readonly<KubeObject>, data: Record<string, string>): Promise<void> {
  try {
    await configMaps.update(CLUSTER_INFO_NAMESPACE, CLUSTER_INFO_NAME, () => ({ ...structuredClone(read), data }), WRITE);
  } catch (error) {
    if (isStatusError(error) && (error.reason === 'Conflict' || error.reason === 'NotFound')) return;
    throw error;
  }
}
