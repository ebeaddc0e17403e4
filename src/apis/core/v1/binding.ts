// Binding (core v1, namespaced; `bindings`, create only; 3-resources "Binding"): deprecated since 1.7 in
// favour of `pods/<name>/binding`, and served by the same code. A Binding is never stored: POST binds
// the pod named by the binding's metadata.name to its target node (upstream LegacyBindingREST).
import type { ResourceDefinition } from '../../../registry/resource-definition.js';
import { notFound } from '../../../errors/status-error.js';
import { CORE_V1 } from './object-reference.js';
import { bindPod } from './pod/subresources/binding.js';
import { BindingSchema, type Binding } from './schemas.generated.js';

export { BindingSchema, type Binding };

/** The Binding resource: POST only. */
export const bindingDefinition: ResourceDefinition = {
  group: '',
  version: 'v1',
  kind: 'Binding',
  listKind: 'BindingList',
  resource: 'bindings',
  singular: 'binding',
  namespaced: true,
  schema: BindingSchema,
  definitionName: `${CORE_V1}.Binding`,
  verbs: ['create'],
  strategy: {},
  createAction(access, namespace, obj, options) {
    // The body was decoded against BindingSchema, where `target` is required.
    const binding = obj as Binding;
    const pods = access.storeFor('', 'pods');
    if (!pods) throw notFound({ group: '', resource: 'pods' }, binding.metadata.name ?? '');
    return bindPod(pods, namespace, binding.metadata.name ?? '', binding, options);
  },
};
