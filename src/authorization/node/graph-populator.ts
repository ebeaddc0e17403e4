// Keeps the Node authorizer's graph from informers (upstream graph_populator.go): pods bound to a node,
// persistent volumes and volume attachments. The informers keep a summary of each object (its identity
// and references), not the object: the graph's followers hold every pod of the cluster.
import type { KubeObject, ObjectMeta } from '../../apis/meta/v1/types.js';
import type { PersistentVolume, Pod } from '../../apis/core/v1/schemas.generated.js';
import type { VolumeAttachment } from '../../apis/storage/v1/schemas.generated.js';
import { Informer } from '../../client/informer.js';
import { storeListerWatcher } from '../../registry/store-lister-watcher.js';
import type { Store } from '../../registry/store/index.js';
import type { Graph, PodReferences } from './graph.js';
import { persistentVolumeSecrets, podReferences, type ObjectName } from './references.js';

export interface PodSummary extends KubeObject {
  nodeName: string;
  /** Undefined for an unbound pod (not in the graph) or a mirror pod (grants nothing). */
  references: PodReferences | undefined;
}

export interface PersistentVolumeSummary extends KubeObject {
  claim: ObjectName | undefined;
  secrets: ObjectName[];
}

export interface VolumeAttachmentSummary extends KubeObject {
  nodeName: string;
}

/** The metadata an informer needs (and the pod's uid: a pod recreated under its name is recorded anew). */
function identity(metadata: ObjectMeta): ObjectMeta {
  const { namespace, name, uid, resourceVersion } = metadata;
  return { namespace, name, uid, resourceVersion };
}

export function summarizePod(object: KubeObject): PodSummary {
  const pod = object as Pod;
  const nodeName = pod.spec?.nodeName ?? '';
  return { metadata: identity(pod.metadata), nodeName, references: nodeName ? podReferences(pod) : undefined };
}

export function summarizePersistentVolume(object: KubeObject): PersistentVolumeSummary {
  const pv = object as PersistentVolume;
  const ref = pv.spec?.claimRef;
  return { metadata: identity(pv.metadata), claim: ref ? { namespace: ref.namespace ?? '', name: ref.name ?? '' } : undefined, secrets: persistentVolumeSecrets(pv) };
}

export function summarizeVolumeAttachment(object: KubeObject): VolumeAttachmentSummary {
  return { metadata: identity(object.metadata), nodeName: (object as VolumeAttachment).spec?.nodeName ?? '' };
}

const nameOf = (o: KubeObject): string => o.metadata.name ?? '';
const namespaceOf = (o: KubeObject): string => o.metadata.namespace ?? '';

/**
 * Whether a pod's JSON may name a node: the graph holds bound pods only (upstream's graph populator skips
 * the others), so an unbound pod is kept as its identity without being decoded. A `"nodeName"` elsewhere
 * (a label value) only costs the decode.
 */
const isBoundPod = (json: string): boolean => json.includes('"nodeName"');

/** Records a pod when it is bound, or bound anew (its references are immutable once bound). */
export function podHandlers(graph: Graph) {
  const add = (pod: PodSummary) => {
    if (pod.nodeName) graph.addPod(namespaceOf(pod), nameOf(pod), pod.nodeName, pod.references);
  };
  return {
    onAdd: add,
    onUpdate(old: PodSummary, pod: PodSummary) {
      if (pod.nodeName && pod.nodeName === old.nodeName && pod.metadata.uid === old.metadata.uid) return;
      add(pod);
    },
    onDelete(pod: PodSummary) {
      if (pod.nodeName) graph.deletePod(namespaceOf(pod), nameOf(pod));
    },
  };
}

export function persistentVolumeHandlers(graph: Graph) {
  const add = (pv: PersistentVolumeSummary) => graph.addPersistentVolume(nameOf(pv), pv.claim, pv.secrets);
  return { onAdd: add, onUpdate: (_: PersistentVolumeSummary, pv: PersistentVolumeSummary) => add(pv), onDelete: (pv: PersistentVolumeSummary) => graph.deletePersistentVolume(nameOf(pv)) };
}

export function volumeAttachmentHandlers(graph: Graph) {
  const add = (va: VolumeAttachmentSummary) => graph.addVolumeAttachment(nameOf(va), va.nodeName);
  return {
    onAdd: add,
    onUpdate(old: VolumeAttachmentSummary, va: VolumeAttachmentSummary) {
      if (old.nodeName !== va.nodeName) add(va);
    },
    onDelete: (va: VolumeAttachmentSummary) => graph.deleteVolumeAttachment(nameOf(va)),
  };
}

export interface GraphStores {
  pods: Store;
  persistentVolumes: Store;
  /** Absent when storage.k8s.io is not served. */
  volumeAttachments?: Store;
}

/** The informers that keep `graph`, handlers attached (the caller runs them). */
export function graphInformers(graph: Graph, stores: GraphStores): Informer[] {
  const pods = new Informer<PodSummary>(storeListerWatcher(stores.pods, isBoundPod), summarizePod);
  pods.addHandlers(podHandlers(graph));
  const pvs = new Informer<PersistentVolumeSummary>(storeListerWatcher(stores.persistentVolumes), summarizePersistentVolume);
  pvs.addHandlers(persistentVolumeHandlers(graph));
  const informers = [pods, pvs] as Informer[];
  if (stores.volumeAttachments) {
    const attachments = new Informer<VolumeAttachmentSummary>(storeListerWatcher(stores.volumeAttachments), summarizeVolumeAttachment);
    attachments.addHandlers(volumeAttachmentHandlers(graph));
    informers.push(attachments as Informer);
  }
  return informers;
}
