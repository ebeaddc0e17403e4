// The service account controller (upstream pkg/controller/serviceaccount ServiceAccountsController): every
// active namespace has a `default` ServiceAccount, created when the namespace appears and again when the
// account is deleted. It reads the shared informers and may only create accounts
// (`system:controller:service-account-controller`).
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { isActiveNamespace, queueController } from '../queue-controller.js';
import { isConflict, isGoneOrTerminating } from '../status-errors.js';

/** The accounts every namespace gets (upstream DefaultServiceAccountsControllerOptions). */
export const DEFAULT_SERVICE_ACCOUNT = 'default';

export interface ServiceAccountControllerDeps {
  namespaces: ResourceRef;
  serviceAccounts: ResourceRef;
}

/** The controller `serviceaccount`. */
export function serviceAccountController(context: ControllerContext, deps: ServiceAccountControllerDeps): Controller {
  const namespaces = context.informers.informerFor(deps.namespaces);
  const accounts = context.informers.informerFor(deps.serviceAccounts, { fieldSelector: `metadata.name=${DEFAULT_SERVICE_ACCOUNT}` });
  const client = context.clients.resource(deps.serviceAccounts);
  /** Ensures `default` in namespace `namespace` when the namespace is active. */
  const syncNamespace = async (namespace: string): Promise<void> => {
    if (!isActiveNamespace(namespaces.get('', namespace)) || accounts.get(namespace, DEFAULT_SERVICE_ACCOUNT)) return;
    try {
      await client.create(namespace, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: DEFAULT_SERVICE_ACCOUNT, namespace } });
    } catch (error) {
      // Created meanwhile, or the namespace went away or started terminating: nothing to do.
      if (isConflict(error) || isGoneOrTerminating(error)) return;
      throw error;
    }
  };
  return queueController('serviceaccount', [
    { informer: namespaces, onObject: (ns, type, queue) => type !== 'DELETED' && queue.add(ns.metadata.name ?? '') },
    { informer: accounts, onObject: (sa, type, queue) => type === 'DELETED' && sa.metadata.name === DEFAULT_SERVICE_ACCOUNT && queue.add(sa.metadata.namespace ?? '') },
  ], syncNamespace);
}
