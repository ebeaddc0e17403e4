// What one kind plugs into the generic store (ARCHITECTURE §2): identity, schema, strategy, table
// columns and field selectors. Everything generic (REST verbs, storage, watch, discovery, OpenAPI)
// is derived from this one description; a kind file under `apis/<group>/` exports one of these.
import type { TSchema } from '@sinclair/typebox';
import type { FieldError } from '../errors/field-errors.js';
import type { DeleteOptions, KubeObject, TableColumnDefinition } from '../apis/meta/v1/types.js';
import type { Subresource, SubresourceAccess, ViewWriteOptions } from './subresource.js';
import type { Deprecation } from './deprecation.js';
import type { UserInfo } from '../auth/user-info.js';

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export const ALL_VERBS: readonly Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/**
 * The kind's hooks, run by the generic store in a fixed order:
 * create: decode -> default -> prepareForCreate -> validate (+ generic metadata validation) -> persist;
 * update: decode -> default -> prepareForUpdate -> validateUpdate -> persist.
 * Validators return field errors; the store turns a non-empty list into one 422 Invalid.
 */
/**
 * What a delete does to an existing object: update it (deletion pending), remove it now, or nothing.
 * `marked` is the object as a graceful kind writes it before removing it (deletionTimestamp set, grace
 * period 0): watchers see it MODIFIED, then DELETED (upstream's graceful delete with a zero period).
 */
export type DeleteDecision = { action: 'update'; obj: KubeObject } | { action: 'delete'; marked?: KubeObject } | { action: 'none' };

/**
 * What a delete without options does to the object's dependents (upstream rest.GarbageCollectionPolicy):
 * `DeleteDependents` (background), `OrphanDependents`, or `Unsupported` (no garbage-collection finalizers).
 */
export type GarbageCollectionPolicy = 'DeleteDependents' | 'OrphanDependents' | 'Unsupported';

/**
 * What the server's flags let a kind's validation allow (upstream pkg/capabilities, which kube-apiserver sets
 * from its flags once per process; here per server, as a process may run several).
 */
export interface ValidationContext {
  /** `--allow-privileged`: privileged containers and Windows hostProcess pods may be created. */
  readonly allowPrivileged: boolean;
}

/** kplane's defaults: privileged containers allowed, as kubeadm, kind and other distributions start kube-apiserver. */
export const DEFAULT_VALIDATION: ValidationContext = Object.freeze({ allowPrivileged: true });

export interface Strategy<T extends KubeObject = KubeObject> {
  /** Reset what clients may not set on create (e.g. status); `user` made the request (a CSR records it). */
  prepareForCreate?(obj: T, context?: { user?: UserInfo }): void;
  validate?(obj: T, context?: ValidationContext): FieldError[];
  /** Carry over what the main resource may not change (e.g. status from `old`). */
  prepareForUpdate?(obj: T, old: T): void;
  validateUpdate?(obj: T, old: T, context?: ValidationContext): FieldError[];
  /** PUT of a missing object creates it (upstream AllowCreateOnUpdate); false for most kinds. */
  allowCreateOnUpdate?: boolean;
  /** Warnings (`Warning: 299` headers) for a create or update. */
  warnings?(obj: T, old?: T): string[];
  /**
   * Decides what a delete does (upstream: a kind's own REST Delete, as namespaces have). Absent: the
   * generic rule, finalizers keep the object Terminating, otherwise it is removed.
   */
  prepareForDelete?(obj: T, options: DeleteOptions, now: Date): DeleteDecision;
  /** The kind's default policy for dependents (upstream DefaultGarbageCollectionPolicy). Absent: `DeleteDependents`. */
  garbageCollectionPolicy?: GarbageCollectionPolicy;
  /**
   * Whether an update that leaves a deleting object without finalizers also deletes it (upstream
   * ShouldDeleteDuringUpdate). Absent: yes. Namespaces also wait for `spec.finalizers` (upstream
   * ShouldDeleteNamespaceDuringUpdate), so the controller's status writes never remove one early.
   */
  deletesOnUpdate?(obj: T): boolean;
  /** Set `metadata.generation` to 1 on create and bump it when anything outside metadata and status changes. */
  tracksGeneration?: boolean;
  /**
   * For tracksGeneration kinds whose generation also counts something in metadata (EndpointSlice: its
   * labels): whether `obj` changed in a way that bumps the generation. Absent: anything outside
   * metadata and status.
   */
  generationChanged?(obj: T, old: T): boolean;
}

/** One column of `kubectl get`: definition plus how to compute the cell (1-conventions: Table). */
export interface TableColumn<T extends KubeObject = KubeObject> {
  definition: TableColumnDefinition;
  cell(obj: T, now: Date): unknown;
}

/** A second served version or group of the same stored kind (e.g. events.k8s.io/v1 Event over core v1 Event). */
export interface Conversion<T extends KubeObject = KubeObject> {
  /** Turn the stored form into this definition's form. */
  fromStorage(stored: KubeObject): T;
  /** Turn this definition's form into the stored form. */
  toStorage(obj: T): KubeObject;
}

export interface ResourceDefinition<T extends KubeObject = KubeObject> {
  /** '' for the core group. */
  group: string;
  version: string;
  kind: string;
  listKind: string;
  /** Plural resource name used in URLs. */
  resource: string;
  singular: string;
  shortNames?: string[];
  categories?: string[];
  namespaced: boolean;
  /** Structural schema of the whole object (apiVersion, kind, metadata, ...), with x-kubernetes markers. */
  schema: TSchema;
  /**
   * The list kind's generated schema, where upstream's list carries markers of its own (the items of
   * CSIStorageCapacityList are a list-map keyed by name). Absent: the generic list of `schema`.
   */
  listSchema?: TSchema;
  /** OpenAPI definition name, e.g. `io.k8s.api.core.v1.ConfigMap`. */
  definitionName: string;
  verbs: readonly Verb[];
  /** Subresources served besides the main resource (registry/subresource.ts). */
  subresources?: readonly Subresource<T>[];
  /** Defaults a schema cannot express (schema `default`s are applied generically first). */
  defaults?(obj: T): void;
  strategy: Strategy<T>;
  /**
   * The full column list of the kind's table, in upstream's order and including `Name` where upstream
   * puts it (first for most kinds, last with priority 1 for Event) and `Age` where it has one.
   * Absent means the default table (Name, Created At).
   */
  tableColumns?: TableColumn<T>[];
  /** Field selectors beyond `metadata.name` and `metadata.namespace`: field path -> value. */
  fieldSelectors?: Record<string, (obj: T) => string | undefined>;
  /** Storage: the key segment (defaults to `resource` for core, `group/resource` otherwise), TTL, conversion. */
  storage?: {
    resourcePath?: string;
    /** Objects expire after the server's event TTL (kube-apiserver `--event-ttl`), as upstream's event storage's TTLFunc. */
    expiresWithEventTtl?: boolean;
    conversion?: Conversion<T>;
  };
  /**
   * Kinds that are never stored (Binding): POST to the collection runs this instead of the generic
   * store's create, and answers its code and object (a Success Status for bindings).
   */
  createAction?(access: SubresourceAccess, namespace: string, obj: T, options: ViewWriteOptions): Promise<{ code: number; object: KubeObject }>;
  /** A deprecated version (1-conventions: Versioning rule 5); every request to it is answered with a warning. */
  deprecation?: Deprecation;
  /** What DELETE returns: `Status` (default) or the object (1-conventions table "Delete returns"). */
  deleteReturnsObject?: boolean;
  /**
   * Computed on read instead of stored (ComponentStatus): the server builds this kind's store itself
   * (`buildStores`' `computed` factories); it has no storage, watch cache or generic store.
   */
  computed?: boolean;
}


/** The fields that name a kind (ResourceDefinition's identity), as kindIdentity derives them. */
export type KindIdentity = Pick<ResourceDefinition, 'group' | 'version' | 'kind' | 'listKind' | 'resource' | 'singular' | 'namespaced' | 'definitionName'>;

/**
 * A kind's identity the way upstream names nearly every kind: list kind `<Kind>List`, singular the
 * lower-case kind, resource the lower-case kind plus `s` unless given, OpenAPI definition
 * `<definitionPackage>.<Kind>` (e.g. `io.k8s.api.rbac.v1`).
 */
export function kindIdentity(group: string, version: string, kind: string, namespaced: boolean, definitionPackage: string, resource = `${kind.toLowerCase()}s`): KindIdentity {
  return { group, version, kind, listKind: `${kind}List`, resource, singular: kind.toLowerCase(), namespaced, definitionName: `${definitionPackage}.${kind}` };
}
