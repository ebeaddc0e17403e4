// The built-in API kinds: one ResourceDefinition per served group/version/kind, each defined in
// `apis/<group>/<version>/<kind>.ts`. This list is what the server serves; keep it here only.
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { KubeObject } from './meta/v1/types.js';
import { leaseDefinition } from './coordination/v1/lease.js';
import { configMapDefinition } from './core/v1/configmap.js';
import { coreEventDefinition } from './core/v1/event.js';
import { namespaceDefinition } from './core/v1/namespace.js';
import { persistentVolumeDefinition } from './core/v1/persistentvolume/index.js';
import { persistentVolumeClaimDefinition } from './core/v1/persistentvolumeclaim/index.js';
import { secretDefinition } from './core/v1/secret.js';
import { eventsV1EventDefinition } from './events/v1/event.js';
import { csiDriverDefinition } from './storage/v1/csidriver.js';
import { csiNodeDefinition } from './storage/v1/csinode.js';
import { csiStorageCapacityDefinition } from './storage/v1/csistoragecapacity.js';
import { storageClassDefinition } from './storage/v1/storageclass.js';
import { volumeAttachmentDefinition } from './storage/v1/volumeattachment.js';
import { csiStorageCapacityV1beta1Definition } from './storage/v1beta1/csistoragecapacity.js';

/**
 * A kind's definition as the registry holds it. Its hooks take the kind's own type (with the fields
 * its schema requires), which plain KubeObject does not satisfy; the store only ever hands a
 * definition objects decoded through that definition's schema.
 */
const served = <T extends KubeObject>(def: ResourceDefinition<T>): ResourceDefinition => def as unknown as ResourceDefinition;

/** Every built-in kind the server serves, core group first. */
export function builtInResources(): ResourceDefinition[] {
  return [
    namespaceDefinition,
    configMapDefinition,
    secretDefinition,
    coreEventDefinition,
    persistentVolumeDefinition,
    persistentVolumeClaimDefinition,
    leaseDefinition,
    eventsV1EventDefinition,
    served(storageClassDefinition),
    served(volumeAttachmentDefinition),
    served(csiDriverDefinition),
    served(csiNodeDefinition),
    served(csiStorageCapacityDefinition),
    served(csiStorageCapacityV1beta1Definition),
  ];
}
