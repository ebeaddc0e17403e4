// Resource definitions over the schema engine's small test kinds, for the OpenAPI and discovery
// tests (the real kinds are tested against the reference in test/oracle).
import { statusSubresource } from '../../registry/subresource.js';
import { ALL_VERBS, type ResourceDefinition } from '../../registry/resource-definition.js';
import { K } from '../../schema/builder.js';
import { TestConfigMap, TestObjectMeta, TestPod } from '../../schema/test-schemas.js';

const base = { strategy: {}, verbs: ALL_VERBS, namespaced: true } as const;

export const podDef: ResourceDefinition = {
  ...base,
  group: '',
  version: 'v1',
  kind: 'Pod',
  listKind: 'PodList',
  resource: 'pods',
  singular: 'pod',
  shortNames: ['po'],
  categories: ['all'],
  schema: TestPod,
  definitionName: 'io.k8s.api.core.v1.Pod',
  subresources: [statusSubresource()],
};

export const configMapDef: ResourceDefinition = {
  ...base,
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  listKind: 'ConfigMapList',
  resource: 'configmaps',
  singular: 'configmap',
  shortNames: ['cm'],
  schema: TestConfigMap,
  definitionName: 'io.k8s.api.core.v1.ConfigMap',
};

const NodeSchema = K.Object(
  { apiVersion: K.Optional(K.String()), kind: K.Optional(K.String()), metadata: K.Optional(TestObjectMeta), spec: K.Optional(K.Object({ unschedulable: K.Optional(K.Boolean()) })) },
  { $id: 'io.k8s.api.core.v1.Node' },
);

export const nodeDef: ResourceDefinition = {
  ...base,
  namespaced: false,
  group: '',
  version: 'v1',
  kind: 'Node',
  listKind: 'NodeList',
  resource: 'nodes',
  singular: 'node',
  shortNames: ['no'],
  schema: NodeSchema,
  definitionName: 'io.k8s.api.core.v1.Node',
  subresources: [statusSubresource()],
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
};

const LeaseSchema = K.Object(
  { apiVersion: K.Optional(K.String()), kind: K.Optional(K.String()), metadata: K.Optional(TestObjectMeta), spec: K.Optional(K.Object({ holderIdentity: K.Optional(K.String()) })) },
  { $id: 'io.k8s.api.coordination.v1.Lease' },
);

export const leaseDef: ResourceDefinition = {
  ...base,
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  listKind: 'LeaseList',
  resource: 'leases',
  singular: 'lease',
  schema: LeaseSchema,
  definitionName: 'io.k8s.api.coordination.v1.Lease',
};

const WidgetSchema = K.Object(
  { apiVersion: K.Optional(K.String()), kind: K.Optional(K.String()), metadata: K.Optional(TestObjectMeta), spec: K.Optional(K.Any()) },
  { $id: 'com.example.stable.v1beta1.Widget' },
);

/** A custom-resource-like definition: no strategic merge patch, read-only verbs. */
export const widgetDef: ResourceDefinition = {
  ...base,
  group: 'stable.example.com',
  version: 'v1beta1',
  kind: 'Widget',
  listKind: 'WidgetList',
  resource: 'widgets',
  singular: 'widget',
  schema: WidgetSchema,
  definitionName: 'com.example.stable.v1beta1.Widget',
  verbs: ['get', 'list', 'watch'],
};

export const testDefinitions: readonly ResourceDefinition[] = [podDef, configMapDef, nodeDef, leaseDef, widgetDef];
