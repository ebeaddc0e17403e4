// flowcontrol.apiserver.k8s.io/v1beta1 FlowSchema and PriorityLevelConfiguration (deprecated in 1.23,
// removed in 1.26; 1-conventions "Versioning"; every request warns): second views of the v1beta2
// storage. In 1.25 the two versions have the same fields, so conversion only changes apiVersion;
// defaults, validation, strategies and tables are v1beta2's.
import type { Deprecation } from '../../../registry/deprecation.js';
import type { Conversion, ResourceDefinition } from '../../../registry/resource-definition.js';
import type { KubeObject } from '../../meta/v1/types.js';
import { FLOWCONTROL_V1BETA2 } from '../v1beta2/bootstrap.js';
import { flowSchemaBehaviour, type FlowSchema } from '../v1beta2/flowschema.js';
import { priorityLevelBehaviour, type PriorityLevelConfiguration } from '../v1beta2/prioritylevelconfiguration.js';
import { FlowSchemaSchema, PriorityLevelConfigurationSchema } from './schemas.generated.js';

const FLOWCONTROL_V1BETA1 = 'flowcontrol.apiserver.k8s.io/v1beta1';

/** The same object under another apiVersion (a copy: stored and served forms never share nesting). */
function withApiVersion<T extends KubeObject>(apiVersion: string): (obj: KubeObject) => T {
  return (obj) => ({ ...structuredClone(obj), apiVersion }) as T;
}

/** Deprecated in 1.23, removed in 1.26, in favour of the same kind in v1beta2. */
const deprecatedFor = (kind: string): Deprecation => ({ deprecated: '1.23', removed: '1.26', replacement: { group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta2', kind } });

function sameFieldsConversion<T extends KubeObject>(): Conversion<T> {
  return { fromStorage: withApiVersion<T>(FLOWCONTROL_V1BETA1), toStorage: withApiVersion<KubeObject>(FLOWCONTROL_V1BETA2) };
}

/** FlowSchema v1beta1 over `/registry/flowschemas/`. */
export const flowSchemaV1beta1Definition: ResourceDefinition<FlowSchema> = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1beta1',
  ...flowSchemaBehaviour,
  schema: FlowSchemaSchema,
  definitionName: 'io.k8s.api.flowcontrol.v1beta1.FlowSchema',
  deprecation: deprecatedFor('FlowSchema'),
  storage: { resourcePath: 'flowschemas', conversion: sameFieldsConversion<FlowSchema>() },
};

/** PriorityLevelConfiguration v1beta1 over `/registry/prioritylevelconfigurations/`. */
export const priorityLevelConfigurationV1beta1Definition: ResourceDefinition<PriorityLevelConfiguration> = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1beta1',
  ...priorityLevelBehaviour,
  schema: PriorityLevelConfigurationSchema,
  definitionName: 'io.k8s.api.flowcontrol.v1beta1.PriorityLevelConfiguration',
  deprecation: deprecatedFor('PriorityLevelConfiguration'),
  storage: { resourcePath: 'prioritylevelconfigurations', conversion: sameFieldsConversion<PriorityLevelConfiguration>() },
};
