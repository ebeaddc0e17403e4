// What a webhook sees of an admission request, derived from kplane's AdmissionAttributes only when some
// webhook exists: the request's group/version/resource and kind (a subresource's own kind where it has
// one: Eviction, Binding, TokenRequest), the namespace upstream's request info gives (a Namespace's own name
// for requests naming one), the resources equivalent to it (other versions or groups over the same
// storage, for matchPolicy Equivalent), and objects converted to the version a webhook is called with.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { cloneJson } from '../../schema/clone-json.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { findSubresource, subresourceKind } from '../../registry/subresource.js';
import type { AdmissionAttributes } from '../types.js';

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** Finds the definitions served over the same storage as `def` (itself included), in serving order. */
export type EquivalentResources = (def: ResourceDefinition) => readonly ResourceDefinition[];

/** The request as the dispatchers match and describe it. */
export interface WebhookRequest {
  readonly attributes: AdmissionAttributes;
  readonly def: ResourceDefinition;
  readonly resource: GroupVersionResource;
  readonly kind: GroupVersionKind;
  readonly subresource: string;
  /** upstream's attr.GetNamespace(): the request's namespace, or a Namespace's name for requests naming it. */
  readonly namespace: string;
}

export const gvrOf = (def: ResourceDefinition): GroupVersionResource => ({ group: def.group, version: def.version, resource: def.resource });

/** The kind of `def`'s `subresource` (its own for views, the parent's otherwise), or of `def` itself. */
export function kindOf(def: ResourceDefinition, subresource: string): GroupVersionKind {
  const parent = { group: def.group, version: def.version, kind: def.kind };
  const sub = subresource ? findSubresource(def.subresources, subresource) : undefined;
  return sub ? subresourceKind(sub, parent) : parent;
}

/** The WebhookRequest of `attributes`. */
export function webhookRequest(attributes: AdmissionAttributes): WebhookRequest {
  const { def, subresource } = attributes;
  const isNamespace = def.group === '' && def.resource === 'namespaces';
  // The request info names the namespace of /api/v1/namespaces/<name>[/...]; a create has no name in its path.
  const namespace = isNamespace && attributes.operation !== 'CREATE' ? attributes.name : attributes.namespace;
  return { attributes, def, resource: gvrOf(def), kind: kindOf(def, subresource), subresource, namespace };
}

/** upstream IsWebhookConfigurationResource: webhooks never intercept writes of their own configurations. */
export function isWebhookConfigurationResource(request: WebhookRequest): boolean {
  const { group, kind } = request.kind;
  return group === 'admissionregistration.k8s.io' && (kind === 'ValidatingWebhookConfiguration' || kind === 'MutatingWebhookConfiguration');
}

/** `obj` (in `from`'s form) in `to`'s form, through the stored form; a copy when converted. */
export function convertObject(obj: Readonly<KubeObject>, from: ResourceDefinition, to: ResourceDefinition): KubeObject {
  if (from === to) return obj as KubeObject;
  const copy = cloneJson(obj) as KubeObject;
  const stored = from.storage?.conversion ? from.storage.conversion.toStorage(copy) : copy;
  return to.storage?.conversion ? to.storage.conversion.fromStorage(stored) : stored;
}

/** `obj` as the wire carries it, of kind `gvk`: apiVersion and kind first. */
export function withTypeMeta(obj: Readonly<KubeObject>, gvk: GroupVersionKind): KubeObject {
  const { apiVersion: _a, kind: _k, ...rest } = obj;
  return { apiVersion: gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version, kind: gvk.kind, ...rest } as KubeObject;
}

/** The objects of `request` in `invocation`'s version (upstream NewVersionedAttributes). */
export function versionedObjects(request: WebhookRequest, invocation: { def: ResourceDefinition; kind: GroupVersionKind }): { object?: KubeObject; oldObject?: KubeObject } {
  const { object, oldObject } = request.attributes;
  // A subresource of another kind (an Eviction) is sent as it is; the resource's own objects are converted.
  const converts = invocation.def !== request.def && request.kind.kind === request.def.kind;
  const view = (obj: Readonly<KubeObject> | undefined): KubeObject | undefined => {
    if (!obj) return undefined;
    return withTypeMeta(converts ? convertObject(obj, request.def, invocation.def) : obj, invocation.kind);
  };
  const out: { object?: KubeObject; oldObject?: KubeObject } = {};
  const o = view(object);
  const old = view(oldObject);
  if (o) out.object = o;
  if (old) out.oldObject = old;
  return out;
}
