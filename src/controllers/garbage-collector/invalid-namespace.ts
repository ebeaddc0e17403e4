// A namespaced owner referenced from another namespace is invalid: the collector treats it as absent and,
// as upstream's graph builder (reportInvalidNamespaceOwnerRef, 1.25), records a Warning event
// `OwnerRefInvalidNamespace` on the dependent when the owner exists in another namespace.
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import type { ResourceClient } from '../../client/resource-client.js';

/** kube-controller-manager's event source for the collector. */
const COMPONENT = 'garbage-collector-controller';

/** Whether the owner `ref` names exists, by uid, in a namespace other than `namespace`. */
export async function ownerInOtherNamespace(owners: ResourceClient, ref: OwnerReference, namespace: string): Promise<boolean> {
  const { items } = await owners.list('', { fieldSelector: `metadata.name=${ref.name}` });
  return items.some((i) => i.metadata.uid === ref.uid && i.metadata.namespace !== namespace);
}

/** The event upstream records on `dependent` (its message formats upstream's objectReference). */
export function invalidNamespaceEvent(dependent: Readonly<KubeObject>, apiVersion: string, kind: string, ref: OwnerReference, now: Date): KubeObject {
  const namespace = dependent.metadata.namespace ?? '';
  const name = dependent.metadata.name ?? '';
  const time = now.toISOString().replace(/\.\d+Z$/, 'Z');
  const nanos = BigInt(now.getTime()) * 1_000_000n;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${name}.${nanos.toString(16)}`, namespace },
    involvedObject: { kind, namespace, name, uid: dependent.metadata.uid, apiVersion },
    reason: 'OwnerRefInvalidNamespace',
    message: `ownerRef [${ref.apiVersion}/${ref.kind}, namespace: ${namespace}, name: ${ref.name}, uid: ${ref.uid}] does not exist in namespace "${namespace}"`,
    source: { component: COMPONENT },
    firstTimestamp: time,
    lastTimestamp: time,
    count: 1,
    type: 'Warning',
    reportingComponent: '',
    reportingInstance: '',
  } as KubeObject;
}
