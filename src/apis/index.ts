// The built-in API kinds: one ResourceDefinition per served group/version/kind, each defined in
// `apis/<group>/<version>/<kind>.ts`. This list is what the server serves; keep it here only.
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { apiServiceDefinition } from './apiregistration/v1/apiservice.js';
import { leaseDefinition } from './coordination/v1/lease.js';
import { configMapDefinition } from './core/v1/configmap.js';
import { coreEventDefinition } from './core/v1/event.js';
import { namespaceDefinition } from './core/v1/namespace.js';
import { secretDefinition } from './core/v1/secret.js';
import { eventsV1EventDefinition } from './events/v1/event.js';
import { flowSchemaV1beta1Definition, priorityLevelConfigurationV1beta1Definition } from './flowcontrol/v1beta1/flowcontrol.js';
import { flowSchemaDefinition } from './flowcontrol/v1beta2/flowschema.js';
import { priorityLevelConfigurationDefinition } from './flowcontrol/v1beta2/prioritylevelconfiguration.js';

/** Every built-in kind the server serves, core group first. */
export function builtInResources(): ResourceDefinition[] {
  return [
    namespaceDefinition,
    configMapDefinition,
    secretDefinition,
    coreEventDefinition,
    leaseDefinition,
    eventsV1EventDefinition,
    apiServiceDefinition,
    // v1beta2 is the storage version; v1beta1 (deprecated) serves the same objects.
    flowSchemaDefinition,
    priorityLevelConfigurationDefinition,
    flowSchemaV1beta1Definition,
    priorityLevelConfigurationV1beta1Definition,
  ];
}
