// A controller that runs only while this replica holds its Lease: in a group of replicas on one store,
// exactly one runs it, and another takes over within the lease duration when that one stops or fails.
import type { Controller } from '../controller.js';
import { LeaderElector, type LeaderElectionTiming } from './leader-elector.js';
import type { ResourceLock } from './lease-lock.js';
import { errorMessage } from '../../errors/error-message.js';

/** How an elected controller is set up. */
export interface ElectedControllerOptions {
  /** The controller's name (health check `poststarthook/start-<name>-controller`). */
  name: string;
  lock: ResourceLock;
  /** This replica's identity (`<hostname>_<uuid>`). */
  identity: string;
  timing: LeaderElectionTiming;
  /** A fresh controller for each term of leadership: a stopped controller does not start again. */
  create(): Controller;
  /** Leadership changes and election errors; default: stderr. */
  log?(message: string): void;
}

/** An elected controller, and its elector (to read who leads). */
export interface ElectedController extends Controller {
  readonly elector: LeaderElector;
}


/** Wraps `create()`'s controllers in leader election on `lock`. */
export function electedController(options: ElectedControllerOptions): ElectedController {
  const log = options.log ?? ((message: string) => console.error(`kplane: ${message}`));
  const abort = new AbortController();
  let current: Controller | undefined;
  let campaign: Promise<void> | undefined;
  let failure: unknown;
  const elector = new LeaderElector({
    ...options.timing,
    lock: options.lock,
    identity: options.identity,
    callbacks: {
      onStartedLeading() {
        log(`${options.identity} acquired lease ${options.lock.description}: starting the ${options.name} controller`);
        const controller = options.create();
        current = controller;
        controller.start().catch((error: unknown) => log(`${options.name} controller failed to start: ${errorMessage(error)}`));
      },
      async onStoppedLeading() {
        const controller = current;
        current = undefined;
        log(`${options.identity} stopped leading ${options.lock.description}: stopping the ${options.name} controller`);
        await controller?.stop();
      },
      onNewLeader: (holder) => log(`lease ${options.lock.description} is held by ${holder || 'nobody (released)'}`),
    },
    onError: (error) => log(`leader election on ${options.lock.description}: ${errorMessage(error)}`),
  });
  return {
    name: options.name,
    elector,
    async start() {
      campaign ??= elector.run(abort.signal).catch((error: unknown) => void (failure = error));
      await elector.firstAttempt();
    },
    async stop() {
      abort.abort();
      await campaign;
    },
    check() {
      if (campaign === undefined) throw new Error(`${options.name} controller: leader election not started`);
      if (failure !== undefined) throw new Error(`${options.name} controller: leader election ended: ${errorMessage(failure)}`);
      // A standby replica is healthy: it is ready to take over, which is all it should do.
      if (!elector.leading) return;
      if (elector.sinceRenewMs > options.timing.leaseDurationMs) throw new Error(`${options.name} controller: leading on an expired lease`);
      current?.check();
    },
  };
}
