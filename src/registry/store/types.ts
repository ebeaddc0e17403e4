// The generic store's surface: what the verb handlers call. One store per served definition; stores of
// definitions that share storage (core/v1 and events.k8s.io/v1 Event) share one `StorageResource`.
import type { KubeObject, DeleteOptions } from '../../apis/meta/v1/types.js';
import type { Backend } from '../../storage/interface.js';
import type { Cacher, CachedObject } from '../../storage/cacher/index.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { GroupResource } from '../../errors/status-error.js';
import type { KeyScheme } from '../keys.js';
import type { ResourceDefinition, ValidationContext } from '../resource-definition.js';
import type { LabelSelector } from '../selectors/label-selector.js';
import type { FieldSelector } from '../selectors/field-selector.js';
import type { Admission } from '../../admission/chain.js';

/** Backend, key layout and watch cache of one stored resource. */
export interface StorageResource {
  backend: Backend;
  keys: KeyScheme;
  cacher: Cacher;
  ttlSeconds?: number;
  /** Counts the LIST requests served from storage (apiserver_storage_list_*). */
  listMetrics?: StorageListMetrics;
}

/** The cost of LIST requests served from storage: objects read, tested against the selectors, returned. */
export interface StorageListMetrics {
  record(fetched: number, evaluated: number, returned: number): void;
}

export interface StoreDeps {
  storage: StorageResource;
  /** Admission: the mutating phase runs before the strategy, the validating phase after it. */
  admission: Admission;
  now?: () => Date;
  /** Work of this server around the writes of one kind (service allocation); absent for most kinds. */
  hooks?: StoreHooks;
  /**
   * The ServerSideApply gate (default on). Off, no write records managedFields and every write drops
   * them, from the object and from the old one it replaces (upstream 1.25: no FieldManager, and
   * BeforeCreate/BeforeUpdate clear them).
   */
  serverSideApply?: boolean;
  /** What the server's flags let validation allow (`--allow-privileged`); default DEFAULT_VALIDATION. */
  validation?: ValidationContext;
}

/** What a `begin` hook leaves to do once the write is decided: commit after it held, revert when it failed. */
export interface WriteFinish {
  commit(): Promise<void>;
  revert(): Promise<void>;
}

/**
 * Per-store hooks (upstream registry Store.BeginCreate, BeginUpdate and AfterDelete), for kinds whose writes
 * take from state shared beyond the object, as Services take cluster IPs and node ports. The begin hooks run
 * after mutating admission and before the strategy (so before validation), once per write attempt: an update
 * that loses a compare-and-swap race reverts and begins again on the newer object.
 */
export interface StoreHooks {
  beginCreate?(obj: KubeObject, options: WriteOptions): Promise<WriteFinish>;
  /** Not called for subresource writes. */
  beginUpdate?(obj: KubeObject, old: KubeObject, options: WriteOptions): Promise<WriteFinish>;
  /** After an object left storage: a delete, or an update that removed the last finalizer. Not for dry runs. */
  afterDelete?(obj: KubeObject): Promise<void>;
}


/** A created object, and its JSON when the store had it without serializing the object again. */
export interface Created {
  object: KubeObject;
  json?: string;
}

/**
 * An item as lists and watches return it: the object and, when cached, its serialized form with the name,
 * namespace and revision kept beside it (readers that need only those need not decode the object).
 */
export interface StoredItem {
  object: Readonly<KubeObject>;
  json?: string;
  readonly name?: string;
  readonly namespace?: string;
  readonly revision?: number;
  /**
   * Where `json`'s top-level metadata ends (its closing brace), when the cache knows it. It belongs to `json`:
   * a view that gives another object (a converted version) carries neither.
   */
  readonly metadataEnd?: number;
}

export interface ListOptions {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan';
  /**
   * A client's LIST, not an in-process reader's (upstream's in-process readers use informers): a consistent
   * one counts in apiserver_storage_list_*, as upstream serves it from storage.
   */
  fromClient?: boolean;
}

export interface ListResult {
  revision: number;
  items: StoredItem[];
  continue?: string;
  remainingItemCount?: number;
}

export interface WatchOptions {
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
  resourceVersion?: string;
  allowWatchBookmarks: boolean;
  /** When the watch's timeout ends it (epoch ms), for its last bookmark. */
  deadline?: number;
  signal: AbortSignal;
}

export interface WriteOptions {
  dryRun: boolean;
  fieldManager?: string;
  /** The `fieldValidation` parameter as the client sent it (upstream's Create/UpdateOptions carry it; webhooks see it). */
  fieldValidation?: string;
  /** The request's User-Agent: the field manager when `fieldManager` is not given. */
  userAgent?: string;
  user?: UserInfo;
  /**
   * Server-side apply: the update function merged the configuration and computed managedFields
   * itself, and a missing object is created (upstream forceAllowCreate).
   */
  apply?: boolean;
  /** Receives the kind's and admission's warnings for this write, for the response's Warning headers. */
  warnings?: string[];
  /** The request's audit annotations, when it is audited (admission plugins annotate through it). */
  auditAnnotations?: AuditAnnotator;
  /** When the request's time runs out (epoch ms): admission webhooks are not called past it. */
  deadline?: number;
  /**
   * A view subresource writing through the parent's own update (`scale`): the subresource the
   * writer's managedFields entry names, as upstream's scale handler records it.
   */
  managedFieldsSubresource?: string;
  /**
   * The uid of a PUT's body (upstream defaultUpdatedObjectInfo.Preconditions): an object with another
   * uid is a 409 `Precondition failed`, before the update function runs.
   */
  uidPrecondition?: string;
  /**
   * A view subresource writing through the parent's own update (`scale`): admission is of the view, not of
   * the parent. The view's writer runs the mutating phase on the view's objects (Store.mutateSubresourceUpdate)
   * before it applies the view; the update then skips its own mutating phase and validates the updated and
   * old parents as views (upstream's scale REST: toScaleUpdateValidation).
   */
  viewAdmission?: ViewAdmission;
  /**
   * A delete made for a DELETE of the collection (upstream's deletecollection handler): admission sees each
   * object as the old one, with the request's namespace and no name, as that handler's static attributes give them.
   */
  collection?: { namespace: string };
}

/** How admission sees a write made through a view subresource. */
export interface ViewAdmission {
  subresource: string;
  /** The parent object as the view (a Deployment as its Scale). */
  view(parent: Readonly<KubeObject>): KubeObject;
}

/** A watch event in this definition's form; `encoded` memoizes an encoding across all watchers. */
export type StoreWatchEvent =
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED'; revision: number; item: StoredItem; encoded<T>(format: string, encode: () => T): T }
  | { type: 'BOOKMARK'; revision: number };

/** The events of a watch that were ready together, in order (one or more). */
export type StoreWatchBatch = readonly StoreWatchEvent[];

/** What an update computes from the current object (undefined when it does not exist). */
export type UpdateFn = (current: Readonly<KubeObject> | undefined) => Promise<KubeObject> | KubeObject;

export interface DeleteResult {
  object: KubeObject;
  /** False while the object waits for finalizers (response 200 with the object, as upstream). */
  deleted: boolean;
}

export interface Store {
  readonly def: ResourceDefinition;
  readonly groupResource: GroupResource;
  get(namespace: string, name: string, resourceVersion?: string): Promise<StoredItem>;
  list(namespace: string, options: ListOptions): Promise<ListResult>;
  watch(namespace: string, options: WatchOptions): AsyncIterable<StoreWatchBatch>;
  create(namespace: string, obj: KubeObject, options: WriteOptions): Promise<Created>;
  /** Read-modify-write with compare-and-swap retries; `subresource` selects the status/finalize strategy. */
  update(namespace: string, name: string, fn: UpdateFn, options: WriteOptions & { subresource?: string }): Promise<{ object: KubeObject; created: boolean }>;
  delete(namespace: string, name: string, options: DeleteOptions, write: WriteOptions): Promise<DeleteResult>;
  /** Deletes what `list` selects; answers the list as it was read (upstream's Store.DeleteCollection answers listObj). */
  deleteCollection(namespace: string, list: ListOptions, options: DeleteOptions, write: WriteOptions): Promise<ListResult>;
  /**
   * Admission of a POST to a view subresource of object `name` (eviction, token, binding), as upstream's
   * create handler runs it on the view's object before the subresource acts: both phases, operation CREATE.
   */
  admitSubresourceCreate?(namespace: string, name: string, subresource: string, obj: KubeObject, options: WriteOptions): Promise<void>;
  /**
   * The mutating phase of an update through a view subresource of object `name` (scale), on the view's new and
   * old objects, as upstream's update handler runs it on the request's object before the view is applied.
   */
  mutateSubresourceUpdate?(namespace: string, name: string, subresource: string, obj: KubeObject, old: Readonly<KubeObject>, options: WriteOptions): Promise<void>;
  /**
   * Admission of a connect to subresource `subresource` of object `name` (exec, attach, portforward, proxy), as
   * upstream's ConnectResource runs it before connecting: both phases, operation CONNECT, the options as the object.
   */
  admitConnect?(namespace: string, name: string, subresource: string, options: KubeObject, write: Omit<WriteOptions, 'dryRun'>): Promise<void>;
}

export type { CachedObject };

/**
 * Adds annotations to an audited request's events (upstream Attributes.AddAnnotationWithLevel): one kept only
 * when the request's audit level is at least the annotation's; a key keeps its first value.
 */
export interface AuditAnnotator {
  readonly level: 'Metadata' | 'Request' | 'RequestResponse';
  add(key: string, value: string, level?: 'Metadata' | 'Request' | 'RequestResponse'): void;
}
