// What the in-process controllers run on: a client per identity over the loopback, and one shared informer
// factory (kube-controller-manager's, listing and watching as `system:kube-controller-manager`). Before a
// controller that runs as a service account starts, its account is made in kube-system if missing, as
// kube-controller-manager's service-account client builder does.
import type { ClientSet } from '../client/client-set.js';
import { SharedInformerFactory } from '../client/shared-informer-factory.js';
import type { ResourceRef } from '../client/resource-client.js';
import type { ControllerContext } from '../controllers/controller-context.js';
import { CONTROLLER_MANAGER_USER, controllerManagerUserAgent, controllerServiceAccount, controllerUser } from '../controllers/identities.js';
import { isStatusError } from '../errors/status-error.js';
import type { Loopback } from './loopback.js';

const SERVICE_ACCOUNTS: ResourceRef = { group: '', version: 'v1', resource: 'serviceaccounts', kind: 'ServiceAccount', namespaced: true };

export class ControllerRuntime {
  /** kube-controller-manager's own clients (its kubeconfig's identity). */
  readonly manager: ClientSet;
  readonly informers: SharedInformerFactory;
  readonly #contexts = new Map<string, ControllerContext>();

  constructor(private readonly loopback: Loopback) {
    this.manager = loopback.clients(CONTROLLER_MANAGER_USER, controllerManagerUserAgent('shared-informers'));
    this.informers = new SharedInformerFactory((ref) => this.manager.resource(ref));
  }

  /** The clients and informers of controller `name` (one client set per controller). */
  readonly contextFor = (name: string): ControllerContext => {
    let context = this.#contexts.get(name);
    if (!context) this.#contexts.set(name, (context = { clients: this.loopback.clients(controllerUser(name), controllerManagerUserAgent(name)), informers: this.informers }));
    return context;
  };

  /** Makes the service account of each named controller that runs as one, when missing. */
  async ensureServiceAccounts(names: readonly string[]): Promise<void> {
    const accounts = this.manager.resource(SERVICE_ACCOUNTS);
    await Promise.all(names.map(async (name) => {
      const account = controllerServiceAccount(name);
      if (!account) return;
      try {
        await accounts.get(account.namespace, account.name);
      } catch (error) {
        if (!(isStatusError(error) && error.code === 404)) throw error;
        await accounts.create(account.namespace, { metadata: { name: account.name, namespace: account.namespace } }).catch((created: unknown) => {
          if (!(isStatusError(created) && created.code === 409)) throw created;
        });
      }
    }));
  }
}
