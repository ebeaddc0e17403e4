// The built-in API kinds: one ResourceDefinition per served group/version/kind, each defined in
// `apis/<group>/<version>/<kind>.ts`. This list is what the server serves; keep it here only.
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { leaseDefinition } from './coordination/v1/lease.js';
import { componentStatusDefinition } from './core/v1/componentstatus/componentstatus.js';
import { configMapDefinition } from './core/v1/configmap.js';
import { coreEventDefinition } from './core/v1/event.js';
import { limitRangeDefinition } from './core/v1/limitrange.js';
import { namespaceDefinition } from './core/v1/namespace.js';
import { nodeDefinition } from './core/v1/node/node.js';
import { resourceQuotaDefinition } from './core/v1/resourcequota.js';
import { secretDefinition } from './core/v1/secret.js';
import { serviceAccountDefinition } from './core/v1/serviceaccount.js';
import { eventsV1EventDefinition } from './events/v1/event.js';
import { runtimeClassDefinition } from './node/v1/runtimeclass.js';
import { priorityClassDefinition } from './scheduling/v1/priorityclass.js';

/** Every built-in kind the server serves, core group first. */
export function builtInResources(): ResourceDefinition[] {
  return [
    namespaceDefinition,
    configMapDefinition,
    secretDefinition,
    coreEventDefinition,
    nodeDefinition,
    serviceAccountDefinition,
    limitRangeDefinition,
    resourceQuotaDefinition,
    componentStatusDefinition,
    leaseDefinition,
    eventsV1EventDefinition,
    // Kinds with required fields (handler, value) are not KubeObject-compatible for the hooks' parameter
    // types; the store only hands each definition objects of its own kind.
    runtimeClassDefinition as unknown as ResourceDefinition,
    priorityClassDefinition as unknown as ResourceDefinition,
  ];
}
