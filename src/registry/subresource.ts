// Subresources a kind declares (1-conventions: path shapes `<resource>/<name>/<subresource>`). Three
// shapes cover what Kubernetes 1.25 serves:
// - object: the parent object itself, written through hooks of its own (status, finalize,
//   ephemeralcontainers, approval); get/update/patch go through the generic store.
// - view: another kind served on the parent's path (scale as autoscaling/v1 Scale, binding as v1 Binding,
//   eviction as policy/v1 Eviction, token as authentication.k8s.io/v1 TokenRequest).
// - connect: a stream to a node or pod (log, exec, attach, portforward, proxy).
import { proxyOptions } from './connect-options.js';
import type { TSchema } from '@sinclair/typebox';
import type { FieldError } from '../errors/field-errors.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { GroupVersionKind } from '../apis/meta/v1/object-meta.js';
import type { Store, WriteOptions } from './store/types.js';
import type { ValidationContext } from './resource-definition.js';

/** The verbs a subresource can serve, as discovery lists them. */
export type SubresourceVerb = 'get' | 'create' | 'update' | 'patch' | 'delete';

/** The parent object itself, changed through this subresource's own hooks. */
export interface ObjectSubresource<T extends KubeObject = KubeObject> {
  type: 'object';
  name: string;
  verbs: readonly ('get' | 'update' | 'patch')[];
  /** Carry over from `old` what this subresource may not change (status: everything but status). */
  prepareForUpdate?(obj: T, old: T): void;
  validateUpdate?(obj: T, old: T, context?: ValidationContext): FieldError[];
  /**
   * Top-level fields a write through this subresource never changes (upstream GetResetFields): their
   * changes are reset and not recorded in managedFields. Status: `spec`; finalize: `status`.
   */
  resetFields: readonly string[];
  /**
   * Top-level fields the main resource may not change through a plain update once this subresource
   * exists (status: `status`).
   */
  resetOnMainResource?: readonly string[];
}

/** What a view or connect subresource may reach: its parent's store and the other served stores. */
export interface SubresourceAccess {
  parent: Store;
  /** The store of another served resource, e.g. `('policy', 'poddisruptionbudgets')`. */
  storeFor(group: string, resource: string): Store | undefined;
}

/** Options of a write through a view subresource (dry run, field manager, user). */
export type ViewWriteOptions = WriteOptions;

/** A PATCH of a view: the requested view, made from the current one. */
export type ViewPatch = (current: KubeObject) => KubeObject;

/** Another kind served on the parent's path. */
export interface ViewSubresource {
  type: 'view';
  name: string;
  verbs: readonly SubresourceVerb[];
  /** The kind the subresource reads and writes (`autoscaling/v1 Scale`). */
  kind: GroupVersionKind;
  /** Its schema and OpenAPI definition name. */
  schema: TSchema;
  definitionName: string;
  /** GET: the view of the parent `name`. */
  get?(access: SubresourceAccess, namespace: string, name: string): Promise<KubeObject>;
  /**
   * PUT: write the view back to the parent. PATCH gives a function instead, which makes the requested view from
   * the current one on every attempt of the update (upstream's patcher inside the scale's UpdatedObjectInfo), so
   * that a change of the parent meanwhile is no conflict.
   */
  update?(access: SubresourceAccess, namespace: string, name: string, obj: KubeObject | ViewPatch, options: ViewWriteOptions): Promise<KubeObject>;
  /** POST: act on the parent `name`; answers an HTTP code and an object (a `Status` for binding and eviction). */
  create?(access: SubresourceAccess, namespace: string, name: string, obj: KubeObject, options: ViewWriteOptions): Promise<{ code: number; object: KubeObject }>;
}

/** A request to a connect subresource, as the endpoint layer received it. */
export interface ConnectRequest {
  method: string;
  /** The path below the subresource (`proxy/<path>`), '' when none. */
  path: string;
  query: URLSearchParams;
  /** Whether the request's path ended with a slash (a proxy's options keep it). */
  trailingSlash?: boolean;
  /** The options as admission left them (a mutating webhook may have changed them): what the connection uses. */
  options?: KubeObject;
}

/**
 * What a connection answers when it has nothing to stream and no error: an empty 204 (upstream's
 * LocationStreamer without a location, as for the log of a pod not yet on a node).
 */
export interface ConnectAnswer {
  code: 204;
}

/** A stream to a node or pod; without nodes to reach, it answers what kube-apiserver answers then. */
export interface ConnectSubresource {
  type: 'connect';
  name: string;
  verbs: readonly SubresourceVerb[];
  /** The options kind discovery names (`PodExecOptions`; `Pod` for log). */
  kind: GroupVersionKind;
  /**
   * Whether `<subresource>/<path>` is served (proxy). Such a subresource also answers HEAD and
   * OPTIONS, which OpenAPI lists and discovery does not (upstream's proxy methods).
   */
  acceptsPath?: boolean;
  /** The query parameters of its options kind (OpenAPI): `container`, `stdin`, `tailLines`, ... */
  parameters?: readonly { name: string; type: 'string' | 'boolean' | 'integer' }[];
  /** A read with options rather than a connection (log): OpenAPI's `read...` operation with action get. */
  read?: boolean;
  /**
   * The options object of a request (upstream getRequestOptions), which admission sees as a CONNECT's object
   * (connect-options.ts); none for a read (log), which is no connection and is not admitted.
   */
  options?(request: ConnectRequest): KubeObject;
  /** Throws the error kube-apiserver would answer, or resolves to an answer without a body. */
  connect(access: SubresourceAccess, namespace: string, name: string, request: ConnectRequest): Promise<ConnectAnswer>;
}

export type Subresource<T extends KubeObject = KubeObject> = ObjectSubresource<T> | ViewSubresource | ConnectSubresource;

/** The `status` subresource: only status changes through it, and the main resource cannot change status. */
export function statusSubresource<T extends KubeObject>(hooks: Pick<ObjectSubresource<T>, 'prepareForUpdate' | 'validateUpdate'> = {}): ObjectSubresource<T> {
  return {
    type: 'object',
    name: 'status',
    verbs: ['get', 'patch', 'update'],
    prepareForUpdate: hooks.prepareForUpdate ?? keepAllButStatus,
    ...(hooks.validateUpdate ? { validateUpdate: hooks.validateUpdate } : {}),
    resetFields: ['spec'],
    resetOnMainResource: ['status'],
  };
}

/** Upstream's usual status strategy: everything but status (and metadata's own rules) comes from `old`. */
export function keepAllButStatus<T extends KubeObject>(obj: T, old: T): void {
  const status = obj['status'];
  for (const key of Object.keys(obj)) if (key !== 'metadata' && key !== 'status' && key !== 'apiVersion' && key !== 'kind') delete obj[key];
  for (const key of Object.keys(old)) if (key !== 'metadata' && key !== 'status' && key !== 'apiVersion' && key !== 'kind') (obj as KubeObject)[key] = structuredClone(old[key]);
  if (status === undefined) delete obj['status'];
}

/** The main resource keeps `old`'s status (kinds with a status subresource). */
export function keepStatus<T extends KubeObject>(obj: T, old: T): void {
  if (old['status'] === undefined) delete obj['status'];
  else (obj as KubeObject)['status'] = structuredClone(old['status']);
}

/** The kind a subresource reads and writes: its own for views and connections, the parent's otherwise. */
export function subresourceKind(sub: Subresource, parent: GroupVersionKind): GroupVersionKind {
  return sub.type === 'object' ? parent : sub.kind;
}

/** The object-shaped subresource `name` of a definition (status, finalize, ...), if declared. */
export function objectSubresource(def: { subresources?: readonly Subresource[] | undefined }, name: string): ObjectSubresource | undefined {
  const found = findSubresource(def.subresources, name);
  return found?.type === 'object' ? found : undefined;
}

/** The subresource `name` of a definition's list, if declared. */
export function findSubresource(subresources: readonly Subresource[] | undefined, name: string): Subresource | undefined {
  return subresources?.find((s) => s.name === name);
}

/**
 * The `proxy` connect subresource of pods, services and nodes: every verb a proxy passes on, with a path
 * below it, typed by its options kind (`PodProxyOptions`, ...) in discovery and OpenAPI.
 */
export function proxySubresource(optionsKind: string, connect: ConnectSubresource['connect']): ConnectSubresource {
  return {
    type: 'connect',
    name: 'proxy',
    verbs: ['create', 'delete', 'get', 'patch', 'update'],
    kind: { group: '', version: 'v1', kind: optionsKind },
    acceptsPath: true,
    parameters: [{ name: 'path', type: 'string' }],
    options: (request) => proxyOptions(optionsKind, request.path, request.trailingSlash === true),
    connect,
  };
}
