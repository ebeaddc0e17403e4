// NodeRestriction (upstream plugin/pkg/admission/noderestriction, 1.25): what a kubelet (a user
// `system:node:<name>` in `system:nodes`) may write. Its own Node object, without taints or restricted
// labels; mirror pods bound to itself that refer to nothing; status and evictions of pods bound to it;
// the status of claims; tokens bound to its pods; its own lease and CSINode. The Node authorizer already
// limits what a node reads; this plugin limits what it writes, which the authorizer cannot see.
import { notFound, type StatusError } from '../../errors/status-error.js';
import { admissionForbidden as forbid } from '../forbidden.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { PersistentVolumeClaim, Pod } from '../../apis/core/v1/schemas.generated.js';
import type { TokenRequest } from '../../apis/authentication/v1/schemas.generated.js';
import { nodeIdentity } from '../../authorization/node/node-identity.js';
import { NODE_LEASE_NAMESPACE } from '../../authorization/node/node-authorizer.js';
import { isMirrorPod, MIRROR_POD_ANNOTATION, podConfigMapNames, podSecretNames } from '../../authorization/node/references.js';
import { canonicalJson, structDiff } from '../../apis/core/v1/go-struct-diff.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { admitNode } from './node-restriction-node.js';

/** What the plugin reads of the cluster (upstream: the pod and node listers). */
export interface NodeRestrictionDeps {
  getPod(namespace: string, name: string): Promise<Readonly<KubeObject> | undefined>;
  getNode(name: string): Promise<Readonly<KubeObject> | undefined>;
}

/** What a lister answers for a missing object (its resource is the kind's lower-case name). */
const listerNotFound = (kind: string, name: string): StatusError => notFound({ group: '', resource: kind }, name);

type Check = (node: string, a: AdmissionAttributes, deps: NodeRestrictionDeps) => Promise<void> | void;

const CHECKS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['/pods', admitPodRequest],
  ['/nodes', (node, a) => admitNode(node, a)],
  ['/persistentvolumeclaims', (node, a) => (a.subresource === 'status' ? admitClaimStatus(node, a) : Promise.reject(forbid(a, 'may only update PVC status')))],
  ['/serviceaccounts', admitTokenRequest],
  ['coordination.k8s.io/leases', admitLease],
  ['storage.k8s.io/csinodes', (node, a) => sameName(node, a, 'can only access CSINode with the same name as the requesting node')],
]);

export function nodeRestriction(deps: NodeRestrictionDeps): AdmissionPlugin {
  return {
    name: 'NodeRestriction',
    async admit(a) {
      const node = nodeIdentity(a.user);
      if (node === undefined) return;
      if (node === '') throw forbid(a, `could not determine node from user ${JSON.stringify(a.user?.name ?? '')}`);
      await CHECKS.get(`${a.def.group}/${a.def.resource}`)?.(node, a, deps);
    },
  };
}

async function admitPodRequest(node: string, a: AdmissionAttributes, deps: NodeRestrictionDeps): Promise<void> {
  switch (a.subresource) {
    case '':
      if (a.operation === 'CREATE') return admitMirrorPod(node, a, a.object as Pod, deps);
      if (a.operation === 'DELETE') {
        // upstream looks the pod up by the request's name: a collection delete names none, and the lookup's 404
        // (which DeleteCollection skips) deletes nothing.
        if (a.name === '') throw notFound({ group: '', resource: 'pods' }, '');
        if ((a.oldObject as Pod | undefined)?.spec?.nodeName !== node) throw forbid(a, `node "${node}" can only delete pods with spec.nodeName set to itself`);
        return;
      }
      throw forbid(a, `unexpected operation "${a.operation}", node "${node}" can only create and delete mirror pods`);
    case 'status':
      return admitPodStatus(node, a);
    case 'eviction':
      return admitEviction(node, a, deps);
    default:
      throw forbid(a, `unexpected pod subresource "${a.subresource}", only 'status' and 'eviction' are allowed`);
  }
}

async function admitMirrorPod(node: string, a: AdmissionAttributes, pod: Pod, deps: NodeRestrictionDeps): Promise<void> {
  if (!isMirrorPod(pod)) throw forbid(a, `pod does not have "${MIRROR_POD_ANNOTATION}" annotation, node "${node}" can only create mirror pods`);
  if (pod.spec?.nodeName !== node) throw forbid(a, `node "${node}" can only create pods with spec.nodeName set to itself`);
  await checkMirrorPodOwner(node, a, pod, deps);
  if (pod.spec?.serviceAccountName) throw forbid(a, `node "${node}" can not create pods that reference a service account`);
  if (podSecretNames(pod).length > 0) throw forbid(a, `node "${node}" can not create pods that reference secrets`);
  if (podConfigMapNames(pod).length > 0) throw forbid(a, `node "${node}" can not create pods that reference configmaps`);
  if ((pod.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim)) throw forbid(a, `node "${node}" can not create pods that reference persistentvolumeclaims`);
}

/** A mirror pod's one owner: the node itself, as controller, not blocking deletion, with the node's uid. */
async function checkMirrorPodOwner(node: string, a: AdmissionAttributes, pod: Pod, deps: NodeRestrictionDeps): Promise<void> {
  const owners = pod.metadata.ownerReferences ?? [];
  if (owners.length > 1) throw forbid(a, `node "${node}" can only create pods with a single owner reference set to itself`);
  const owner = owners[0];
  if (!owner) throw forbid(a, `node "${node}" can only create pods with an owner reference set to itself`);
  if (owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== node) throw forbid(a, `node "${node}" can only create pods with an owner reference set to itself`);
  if (owner.controller !== true) throw forbid(a, `node "${node}" can only create pods with a controller owner reference set to itself`);
  if (owner.blockOwnerDeletion === true) throw forbid(a, `node "${node}" must not set blockOwnerDeletion on an owner reference`);
  const found = await deps.getNode(node);
  if (!found) throw listerNotFound('node', node);
  const uid = found.metadata.uid ?? '';
  if (owner.uid !== uid) throw forbid(a, `node ${node} UID mismatch: expected ${owner.uid} got ${uid}`);
}

function admitPodStatus(node: string, a: AdmissionAttributes): void {
  if (a.operation !== 'UPDATE') throw forbid(a, `unexpected operation "${a.operation}"`);
  const old = a.oldObject as Pod;
  if (old.spec?.nodeName !== node) throw forbid(a, `node "${node}" can only update pod status for pods with spec.nodeName set to itself`);
  if (canonicalJson(old.metadata.labels ?? {}) !== canonicalJson(a.object?.metadata.labels ?? {})) throw forbid(a, `node "${node}" cannot update labels through pod status`);
}

async function admitEviction(node: string, a: AdmissionAttributes, deps: NodeRestrictionDeps): Promise<void> {
  if (a.operation !== 'CREATE') throw forbid(a, `unexpected operation ${a.operation}`);
  const podName = a.name || a.object?.metadata.name || '';
  if (!podName) throw forbid(a, 'could not determine pod from request data');
  const pod = (await deps.getPod(a.namespace, podName)) as Pod | undefined;
  if (!pod) throw listerNotFound('pod', podName);
  if (pod.spec?.nodeName !== node) throw forbid(a, `node ${node} can only evict pods with spec.nodeName set to itself`);
}

/** Only status.capacity and status.conditions may change (and what the server itself keeps: resourceVersion, managedFields). */
function admitClaimStatus(node: string, a: AdmissionAttributes): void {
  if (a.operation !== 'UPDATE') throw forbid(a, `unexpected operation "${a.operation}"`);
  const comparable = (object: Readonly<KubeObject> | undefined): Record<string, unknown> => {
    const claim = structuredClone(object) as PersistentVolumeClaim;
    a.def.defaults?.(claim); // a status write is not defaulted before admission; upstream's decoding is
    const { resourceVersion: _version, managedFields: _fields, ...metadata } = claim.metadata;
    const { capacity: _capacity, conditions: _conditions, ...status } = claim.status ?? {};
    return { ...claim, metadata, status };
  };
  const diff = structDiff('core.PersistentVolumeClaim', comparable(a.oldObject), comparable(a.object));
  if (diff !== undefined) throw forbid(a, `node "${node}" is not allowed to update fields other than status.capacity and status.conditions: ${diff}`);
}

/** A token a node asks for must be bound to a pod of that node (its uid checked). */
async function admitTokenRequest(node: string, a: AdmissionAttributes, deps: NodeRestrictionDeps): Promise<void> {
  if (a.operation !== 'CREATE' || a.subresource !== 'token') return;
  const ref = (a.object as TokenRequest | undefined)?.spec.boundObjectRef;
  if (!ref || ref.apiVersion !== 'v1' || ref.kind !== 'Pod' || !ref.name) throw forbid(a, 'node requested token not bound to a pod');
  if (!ref.uid) throw forbid(a, 'node requested token with a pod binding without a uid');
  const pod = (await deps.getPod(a.namespace, ref.name)) as Pod | undefined;
  if (!pod) throw listerNotFound('pod', ref.name);
  if (ref.uid !== pod.metadata.uid) {
    throw forbid(a, `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
  }
  if (pod.spec?.nodeName !== node) throw forbid(a, 'node requested token bound to a pod scheduled on a different node');
}

function admitLease(node: string, a: AdmissionAttributes): void {
  if (a.namespace !== NODE_LEASE_NAMESPACE) throw forbid(a, `can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
  sameName(node, a, 'can only access node lease with the same name as the requesting node');
}

/** The object (a create's body, else the request's name) must be named as the node. */
function sameName(node: string, a: AdmissionAttributes, why: string): void {
  const name = a.operation === 'CREATE' ? (a.object?.metadata.name ?? '') : a.name;
  if (name !== node) throw forbid(a, why);
}
