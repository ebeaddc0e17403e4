// Token cleaner (kube-controller-manager's `tokencleaner`, upstream pkg/controller/bootstrap/tokencleaner.go):
// deletes bootstrap token Secrets of kube-system once their `expiration` passed (or cannot be parsed), with
// the Secret's uid as precondition so that a Secret re-created under the same name survives. A Secret that
// has not expired yet is looked at again when it does.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { BOOTSTRAP_TOKEN_NAMESPACE, BOOTSTRAP_TOKEN_SECRET_TYPE, timeToExpiry, type TokenSecret } from '../../auth/bootstrap-token/index.js';
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { followWatch } from '../follow-watch.js';
import { WorkQueue } from '../work-queue.js';
import { controllerManagerWrite } from '../controller.js';

/** Writes as kube-controller-manager's token-cleaner (managedFields name `kube-controller-manager`). */
const WRITE = controllerManagerWrite('token-cleaner');

/** The longest wait before a Secret is looked at again (timers cannot wait longer than ~24 days). */
const MAX_RECHECK_MS = 60 * 60 * 1000;

export interface TokenCleanerDeps {
  secrets: Store;
  now?: () => Date;
}

/** The `tokencleaner` controller. */
export function tokenCleanerController(deps: TokenCleanerDeps): Controller {
  const now = deps.now ?? (() => new Date());
  const abort = new AbortController();
  const queue: WorkQueue = new WorkQueue((name) => clean(deps.secrets, name, now(), queue));
  let running = false;
  return {
    name: 'tokencleaner',
    async start() {
      running = true;
      void followWatch(deps.secrets, {
        name: 'tokencleaner',
        signal: abort.signal,
        onWatching: (watching) => (running = watching),
        onObject: (secret, type) => {
          if (type !== 'DELETED' && isTokenSecret(secret)) queue.add(secret.metadata.name ?? '');
        },
      });
    },
    stop() {
      abort.abort();
      queue.stop();
      running = false;
    },
    check() {
      if (!running) throw new Error('tokencleaner controller is not watching');
    },
  };
}

const isTokenSecret = (o: Readonly<KubeObject>): boolean => o.metadata.namespace === BOOTSTRAP_TOKEN_NAMESPACE && o['type'] === BOOTSTRAP_TOKEN_SECRET_TYPE;

async function clean(secrets: Store, name: string, now: Date, queue: WorkQueue): Promise<void> {
  let secret: Readonly<KubeObject>;
  try {
    secret = (await secrets.get(BOOTSTRAP_TOKEN_NAMESPACE, name)).object;
  } catch (error) {
    if (isStatusError(error) && error.reason === 'NotFound') return;
    throw error;
  }
  if (!isTokenSecret(secret)) return;
  const remaining = timeToExpiry(secret as unknown as TokenSecret, now);
  if (remaining > 0) {
    if (Number.isFinite(remaining)) queue.addAfter(name, Math.min(remaining, MAX_RECHECK_MS));
    return;
  }
  const uid = secret.metadata.uid;
  try {
    await secrets.delete(BOOTSTRAP_TOKEN_NAMESPACE, name, { ...(uid ? { preconditions: { uid } } : {}) }, WRITE);
  } catch (error) {
    // Gone already, or replaced by a new Secret of the same name (which the watch brings back).
    if (isStatusError(error) && (error.reason === 'NotFound' || error.reason === 'Conflict')) return;
    throw error;
  }
}
