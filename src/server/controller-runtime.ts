// What the in-process controllers run on: a client per identity over the loopback, and a shared informer
// factory per component: kube-controller-manager's (listing and watching as `system:kube-controller-manager`)
// and kube-apiserver's (as `system:apiserver`), as the two processes upstream each have theirs. Before a
// controller that runs as a service account starts, its account is made in kube-system if missing, as
// kube-controller-manager's service-account client builder does.
import type { ClientSet } from '../client/client-set.js';
import { SharedInformerFactory } from '../client/shared-informer-factory.js';
import type { ResourceRef } from '../client/resource-client.js';
import type { ControllerContext } from '../controllers/controller-context.js';
import {
  APISERVER_USER, APISERVER_USER_AGENT, CONTROLLER_MANAGER_USER, controllerManagerUserAgent, controllerServiceAccount, controllerUser, isAPIServerController,
} from '../controllers/identities.js';
import type { Loopback } from './loopback.js';
import { isConflict } from '../controllers/status-errors.js';

const SERVICE_ACCOUNTS: ResourceRef = { group: '', version: 'v1', resource: 'serviceaccounts', kind: 'ServiceAccount', namespaced: true };

export class ControllerRuntime {
  /** kube-controller-manager's own clients (its kubeconfig's identity). */
  readonly manager: ClientSet;
  readonly informers: SharedInformerFactory;
  /** kube-apiserver's loopback clients and their informers (made when a controller of kube-apiserver asks). */
  #apiserver: ControllerContext | undefined;
  readonly #contexts = new Map<string, ControllerContext>();
  /** Made by `start`, aborted by `stop`: the informers run while it is not aborted. */
  #running: AbortController | undefined;
  /** Set once the informers run (the turn after `start`). */
  #informersRunning: AbortSignal | undefined;

  constructor(private readonly loopback: Loopback) {
    this.manager = loopback.clients(CONTROLLER_MANAGER_USER, controllerManagerUserAgent('shared-informers'));
    this.informers = new SharedInformerFactory((ref) => this.manager.resource(ref));
  }

  /** The clients and informers of controller `name` (one client set per kube-controller-manager controller). */
  readonly contextFor = (name: string): ControllerContext => {
    if (isAPIServerController(name)) return this.apiserver();
    let context = this.#contexts.get(name);
    if (!context) this.#contexts.set(name, (context = { clients: this.loopback.clients(controllerUser(name), controllerManagerUserAgent(name)), informers: this.informers }));
    return context;
  };

  /**
   * Runs the informers the controllers asked for, and those asked for later, until `stop`. Their first
   * requests are made on the next turn of the event loop: setting up ~20 lists and their connections costs
   * ~10 ms of CPU, which the caller (the end of the server's start) need not wait for.
   */
  start(): void {
    const { signal } = (this.#running = new AbortController());
    setImmediate(() => {
      if (signal.aborted) return;
      this.#informersRunning = signal;
      this.informers.start(signal);
      this.#apiserver?.informers.start(signal);
    });
  }

  /** Whether `start` was called: the controllers' post-start hooks pass from then on. */
  get started(): boolean {
    return this.#running !== undefined;
  }

  /** Stops the informers (their watches end without being taken for failures). */
  stop(): void {
    this.#running?.abort();
  }

  /** kube-apiserver's loopback clients (`system:apiserver`) and their informers, for its controllers and start-up work. */
  apiserver(): ControllerContext {
    if (!this.#apiserver) {
      const clients = this.loopback.clients(APISERVER_USER, APISERVER_USER_AGENT);
      this.#apiserver = { clients, informers: new SharedInformerFactory((ref) => clients.resource(ref)) };
      if (this.#informersRunning) this.#apiserver.informers.start(this.#informersRunning);
    }
    return this.#apiserver;
  }

  /**
   * Makes the service account of each named controller that runs as one, when missing. A failure (a policy
   * that does not let kube-controller-manager do it) is logged, as upstream's controller manager logs it; the
   * controllers still start, since their loopback tokens do not depend on the accounts.
   */
  async ensureServiceAccounts(names: readonly string[]): Promise<void> {
    try {
      await this.#ensureServiceAccounts(names);
    } catch (error) {
      if (this.#running?.signal.aborted) return; // the server stopped meanwhile
      console.error('kplane: kube-controller-manager: could not ensure the controllers\' service accounts:', error instanceof Error ? error.message : error);
    }
  }

  async #ensureServiceAccounts(names: readonly string[]): Promise<void> {
    const accounts = this.manager.resource(SERVICE_ACCOUNTS);
    await Promise.all(names.map(async (name) => {
      const account = controllerServiceAccount(name);
      if (!account) return;
      if (await accounts.getIfExists(account.namespace, account.name)) return;
      await accounts.create(account.namespace, { metadata: { name: account.name, namespace: account.namespace } }).catch((error: unknown) => {
        if (!isConflict(error)) throw error; // made meanwhile
      });
    }));
  }
}
