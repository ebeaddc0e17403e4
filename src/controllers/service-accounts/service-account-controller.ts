// The service account controller (upstream pkg/controller/serviceaccount ServiceAccountsController): every
// active namespace has a `default` ServiceAccount, created when the namespace appears and again when the
// account is deleted.
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { controllerManagerWrite } from '../controller.js';
import { getIfExists, isActiveNamespace, isGoneOrTerminating, queueController } from '../queue-controller.js';

/** Writes as kube-controller-manager's service-account-controller (managedFields name `kube-controller-manager`). */
const WRITE = controllerManagerWrite('service-account-controller');

/** The accounts every namespace gets (upstream DefaultServiceAccountsControllerOptions). */
export const DEFAULT_SERVICE_ACCOUNT = 'default';

export interface ServiceAccountControllerDeps {
  namespaces: Store;
  serviceAccounts: Store;
}

/** Ensures `default` in namespace `namespace` when the namespace is active. */
async function syncNamespace(deps: ServiceAccountControllerDeps, namespace: string): Promise<void> {
  if (!isActiveNamespace(await getIfExists(deps.namespaces, '', namespace))) return;
  if (await getIfExists(deps.serviceAccounts, namespace, DEFAULT_SERVICE_ACCOUNT)) return;
  try {
    await deps.serviceAccounts.create(namespace, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: DEFAULT_SERVICE_ACCOUNT, namespace } }, WRITE);
  } catch (error) {
    // Created meanwhile, or the namespace went away or started terminating: nothing to do.
    if (isStatusError(error) && error.code === 409) return;
    if (isGoneOrTerminating(error)) return;
    throw error;
  }
}

/** The controller `serviceaccount`. */
export function serviceAccountController(deps: ServiceAccountControllerDeps): Controller {
  return queueController('serviceaccount', [
    { store: deps.namespaces, onObject: (ns, type, queue) => type !== 'DELETED' && queue.add(ns.metadata.name ?? '') },
    { store: deps.serviceAccounts, onObject: (sa, type, queue) => type === 'DELETED' && sa.metadata.name === DEFAULT_SERVICE_ACCOUNT && queue.add(sa.metadata.namespace ?? '') },
  ], (namespace) => syncNamespace(deps, namespace));
}
