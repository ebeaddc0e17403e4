// The built-in API kinds: one ResourceDefinition per served group/version/kind, each defined in
// `apis/<group>/<version>/<kind>.ts`. This list is what the server serves; keep it here only.
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { leaseDefinition } from './coordination/v1/lease.js';
import { bindingDefinition } from './core/v1/binding.js';
import { configMapDefinition } from './core/v1/configmap.js';
import { coreEventDefinition } from './core/v1/event.js';
import { namespaceDefinition } from './core/v1/namespace.js';
import { podDefinition } from './core/v1/pod/pod.js';
import { podTemplateDefinition } from './core/v1/podtemplate.js';
import { replicationControllerDefinition } from './core/v1/replicationcontroller/replicationcontroller.js';
import { secretDefinition } from './core/v1/secret.js';
import { eventsV1EventDefinition } from './events/v1/event.js';

/** Every built-in kind the server serves, core group first. */
export function builtInResources(): ResourceDefinition[] {
  return [
    namespaceDefinition,
    configMapDefinition,
    secretDefinition,
    coreEventDefinition,
    podDefinition,
    bindingDefinition,
    podTemplateDefinition,
    replicationControllerDefinition,
    leaseDefinition,
    eventsV1EventDefinition,
  ];
}
