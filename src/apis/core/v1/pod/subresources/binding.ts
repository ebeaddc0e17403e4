// Binding a pod to a node (upstream BindingREST and assignPod, 1.25), for the `pods/<name>/binding`
// subresource and the `bindings` resource alike: spec.nodeName is set exactly once, the binding's
// annotations are copied, and the PodScheduled condition becomes True. The answer is a Success Status.
import { badRequest, conflict, notFound, unknownError } from '../../../../../errors/status-error.js';
import { notSupported, required, fieldErrorMessage, type FieldError } from '../../../../../errors/field-errors.js';
import type { KubeObject } from '../../../../meta/v1/types.js';
import { nowTimestamp } from '../../../../meta/v1/time.js';
import type { Store } from '../../../../../registry/store/index.js';
import type { ViewSubresource, ViewWriteOptions } from '../../../../../registry/subresource.js';
import { CORE_V1 } from '../../object-reference.js';
import { BindingSchema, type Binding, type Pod, type PodCondition } from '../../schemas.generated.js';

const BINDING_RESOURCE = { group: '', resource: 'pods/binding' };

/** upstream ValidatePodBinding: the target is a Node (or of no kind) and has a name. */
export function validatePodBinding(binding: Binding): FieldError[] {
  const errors: FieldError[] = [];
  const kind = binding.target?.kind ?? '';
  if (kind !== '' && kind !== 'Node') errors.push(notSupported('target.kind', kind, ['Node', '<empty>']));
  if (!binding.target?.name) errors.push(required('target.name'));
  return errors;
}

/** upstream UpdatePodCondition for PodScheduled=True: a new condition, or the old one keeping its transition time. */
function markScheduled(pod: Pod, now: Date): void {
  const status = (pod.status ??= {});
  const conditions = (status.conditions ??= []);
  const index = conditions.findIndex((c) => c.type === 'PodScheduled');
  const old = conditions[index];
  const condition: PodCondition = { type: 'PodScheduled', status: 'True', lastTransitionTime: old?.status === 'True' && old.lastTransitionTime ? old.lastTransitionTime : nowTimestamp(now) };
  if (index < 0) conditions.push(condition);
  else conditions[index] = condition;
}

/** upstream setPodHostAndAnnotations: the pod's new state, or the conflict that stops the binding. */
function assign(pod: Pod, binding: Binding, now: Date): Pod {
  const name = pod.metadata.name ?? '';
  const uid = binding.metadata.uid;
  if (uid && uid !== pod.metadata.uid) throw conflict({ group: '', resource: 'pods' }, name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${pod.metadata.uid ?? ''}`);
  if (pod.metadata.deletionTimestamp) throw conflict(BINDING_RESOURCE, name, `pod ${name} is being deleted, cannot be assigned to a host`);
  if (pod.spec?.nodeName) throw conflict(BINDING_RESOURCE, name, `pod ${name} is already assigned to node ${JSON.stringify(pod.spec.nodeName)}`);
  pod.spec = { ...(pod.spec ?? { containers: [] }), nodeName: binding.target.name ?? '' };
  if (binding.metadata.annotations) pod.metadata.annotations = { ...pod.metadata.annotations, ...binding.metadata.annotations };
  markScheduled(pod, now);
  // A resourceVersion on the binding is a precondition on the pod's.
  if (binding.metadata.resourceVersion) pod.metadata.resourceVersion = binding.metadata.resourceVersion;
  return pod;
}

/** The Success Status binding and eviction answer (upstream's create handler gives it the code 201). */
export const createdSuccess = (): KubeObject => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });

/**
 * Binds pod `name` in `pods` to the binding's target (upstream BindingREST.Create). The pod is written
 * directly, as upstream writes it to storage: no pod strategy, and managedFields left as they are.
 */
export async function bindPod(pods: Store, namespace: string, name: string, binding: Binding, options: ViewWriteOptions): Promise<{ code: number; object: KubeObject }> {
  if ((binding.metadata.name ?? '') !== name) throw badRequest('name in URL does not match name in Binding object');
  const errors = validatePodBinding(binding);
  if (errors.length > 0) throw unknownError(errors.length === 1 ? fieldErrorMessage(errors[0] as FieldError) : `[${errors.map(fieldErrorMessage).join(', ')}]`);
  const now = new Date();
  // `apply: true` tells the store the writer keeps managedFields itself: a binding does not record any.
  const write = (current: Readonly<KubeObject> | undefined): Pod => {
    if (!current) throw notFound({ group: '', resource: 'pods' }, name);
    return assign(structuredClone(current) as Pod, binding, now);
  };
  await pods.update(namespace, name, write, { ...options, apply: true, subresource: 'binding' });
  return { code: 201, object: createdSuccess() };
}

/** `pods/<name>/binding`: POST a v1 Binding. */
export const bindingSubresource: ViewSubresource = {
  type: 'view',
  name: 'binding',
  verbs: ['create'],
  kind: { group: '', version: 'v1', kind: 'Binding' },
  schema: BindingSchema,
  definitionName: `${CORE_V1}.Binding`,
  create: (access, namespace, name, obj, options) => bindPod(access.parent, namespace, name, obj as Binding, options),
};
