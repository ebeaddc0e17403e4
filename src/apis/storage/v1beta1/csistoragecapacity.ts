// CSIStorageCapacity in the deprecated storage.k8s.io/v1beta1 (3-resources: deprecated, served next
// to v1 over one storage). The two versions have the same fields, so converting only renames the
// version; validation, table and storage are v1's. Every request warns, as upstream's deprecation filter does.
import type { ResourceDefinition } from '../../../registry/resource-definition.js';
import type { KubeObject } from '../../meta/v1/types.js';
import { csiStorageCapacityDefinition } from '../v1/csistoragecapacity.js';
import { CSIStorageCapacityListSchema, CSIStorageCapacitySchema, type CSIStorageCapacity } from './schemas.generated.js';

const STORAGE_V1BETA1 = 'io.k8s.api.storage.v1beta1';


/** Same object under another apiVersion. */
const withVersion = <T extends KubeObject>(obj: KubeObject, apiVersion: string): T => ({ ...structuredClone(obj), apiVersion, kind: 'CSIStorageCapacity' }) as T;

/** The v1beta1 CSIStorageCapacity resource over the v1 storage. */
export const csiStorageCapacityV1beta1Definition: ResourceDefinition<CSIStorageCapacity> = {
  ...(csiStorageCapacityDefinition as unknown as ResourceDefinition<CSIStorageCapacity>),
  version: 'v1beta1',
  schema: CSIStorageCapacitySchema,
  listSchema: CSIStorageCapacityListSchema,
  definitionName: `${STORAGE_V1BETA1}.CSIStorageCapacity`,
  deprecation: { deprecated: '1.24', removed: '1.27', replacement: { group: 'storage.k8s.io', version: 'v1', kind: 'CSIStorageCapacity' } },
  storage: {
    resourcePath: 'storage.k8s.io/csistoragecapacities',
    conversion: {
      fromStorage: (stored) => withVersion<CSIStorageCapacity>(stored, 'storage.k8s.io/v1beta1'),
      toStorage: (obj) => withVersion<KubeObject>(obj, 'storage.k8s.io/v1'),
    },
  },
};
