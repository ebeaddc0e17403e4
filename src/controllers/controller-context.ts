// What a controller is given to work with (upstream's ControllerContext): clients of its own identity, and
// the process's shared informers, through which every read of a watched resource goes.
import type { ClientSet } from '../client/client-set.js';
import type { SharedInformerFactory } from '../client/shared-informer-factory.js';

export interface ControllerContext {
  /** Clients authenticated as the controller itself (controllers/identities.ts). */
  readonly clients: ClientSet;
  /** One list-and-watch per resource, shared by the process's controllers. */
  readonly informers: SharedInformerFactory;
}
