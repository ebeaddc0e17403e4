// Token cleaner (kube-controller-manager's `tokencleaner`, upstream pkg/controller/bootstrap/tokencleaner.go):
// deletes bootstrap token Secrets of kube-system once their `expiration` passed (or cannot be parsed), with
// the Secret's uid as precondition so that a Secret re-created under the same name survives. A Secret that
// has not expired yet is looked at again when it does.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { BOOTSTRAP_TOKEN_NAMESPACE, BOOTSTRAP_TOKEN_SECRET_TYPE, timeToExpiry, type TokenSecret } from '../../auth/bootstrap-token/index.js';
import type { ResourceClient, ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { queueController } from '../queue-controller.js';
import { isGoneOrChanged } from '../status-errors.js';
import type { WorkQueue } from '../work-queue.js';

/** The longest wait before a Secret is looked at again (timers cannot wait longer than ~24 days). */
const MAX_RECHECK_MS = 60 * 60 * 1000;

export interface TokenCleanerDeps {
  secrets: ResourceRef;
  now?: () => Date;
}

/** The `tokencleaner` controller: reads the shared secrets informer, deletes as `system:controller:token-cleaner`. */
export function tokenCleanerController(context: ControllerContext, deps: TokenCleanerDeps): Controller {
  const now = deps.now ?? (() => new Date());
  const secrets = context.informers.informerFor(deps.secrets, { namespace: BOOTSTRAP_TOKEN_NAMESPACE, fieldSelector: `type=${BOOTSTRAP_TOKEN_SECRET_TYPE}` });
  const client = context.clients.resource(deps.secrets);
  return queueController('tokencleaner', [{
    informer: secrets,
    onObject: (secret, type, queue) => type !== 'DELETED' && isTokenSecret(secret) && queue.add(secret.metadata.name ?? ''),
  }], (name, queue) => clean(secrets.get(BOOTSTRAP_TOKEN_NAMESPACE, name), client, now(), queue));
}

const isTokenSecret = (o: Readonly<KubeObject>): boolean => o.metadata.namespace === BOOTSTRAP_TOKEN_NAMESPACE && o['type'] === BOOTSTRAP_TOKEN_SECRET_TYPE;

async function clean(secret: Readonly<KubeObject> | undefined, client: ResourceClient, now: Date, queue: WorkQueue): Promise<void> {
  if (!secret || !isTokenSecret(secret)) return;
  const name = secret.metadata.name ?? '';
  const remaining = timeToExpiry(secret as unknown as TokenSecret, now);
  if (remaining > 0) {
    if (Number.isFinite(remaining)) queue.addAfter(name, Math.min(remaining, MAX_RECHECK_MS));
    return;
  }
  const uid = secret.metadata.uid;
  try {
    await client.delete(BOOTSTRAP_TOKEN_NAMESPACE, name, { ...(uid ? { preconditions: { uid } } : {}) });
  } catch (error) {
    // Gone already, or replaced by a new Secret of the same name (which the informer brings back).
    if (!isGoneOrChanged(error)) throw error;
  }
}
