// Builds the served stores: one StorageResource (backend prefix + watch cache) per storage path,
// shared by every definition stored there, and one generic store per definition.
import type { AdmissionPluginSelection } from '../admission/plugin-names.js';
import { buildAdmission, type AdmissionPluginConfigs, type AdmissionPluginDeps } from '../admission/registry.js';
import { isStorageError } from '../storage/errors.js';
import { keyScheme, resourcePath } from '../registry/keys.js';
import type { Authorizer } from '../authorization/authorizer.js';
import type { ResourceDefinition, ValidationContext } from '../registry/resource-definition.js';
import { createStore, type Store, type StorageResource, type StoreHooks } from '../registry/store/index.js';
import { parseStored, storedJsonWithRevision } from '../registry/store/codec.js';
import { storedSummary } from '../registry/store/stored-summary.js';
import { Cacher, sharedDecoded } from '../storage/cacher/index.js';
import type { Backend } from '../storage/interface.js';
import { instrumentedBackend } from '../storage/instrumented-backend.js';
import type { StorageMetrics } from './storage-metrics.js';
import { cachedGetter, cachedLister, liveLookupLister, recordingWrites, type AdmissionSource, type RecordingBackend } from './admission-reads.js';
import { NO_WEBHOOK_METRICS, WebhookSource, type WebhookMetricsRecorder } from '../admission/webhook/index.js';
import type { QuotaStore } from '../admission/plugins/resource-quota-access.js';
import type { ResourceQuota } from '../apis/core/v1/schemas.generated.js';
import { APISERVER_USER, APISERVER_USER_AGENT } from '../controllers/identities.js';

export interface ServedStores {
  stores: Store[];
  storages: Map<string, StorageResource>;
  /** The storage of a stored kind; undefined for a computed one (ComponentStatus). */
  storageOf(store: Store): StorageResource | undefined;
  /** The store of the core/v1 namespaces resource. */
  namespaces: Store;
  /** One store per storage path among namespaced kinds (for the namespace controller). */
  namespacedByStorage(): Store[];
  /** Follows the webhook configurations for the webhook admission plugins until `signal` aborts; resolves once listed. */
  startWebhookSource(signal: AbortSignal): Promise<void>;
}

/** Builds the store of a computed kind (`ResourceDefinition.computed`), by `<group>/<resource>`. */
export type ComputedStoreFactory = (def: ResourceDefinition) => Store;

/** kube-apiserver's `--event-ttl` default: an hour. */
export const DEFAULT_EVENT_TTL_SECONDS = 3600;

/** Options of buildStores. */
export interface BuildStoresOptions {
  /**
   * `--event-ttl` in whole seconds (upstream's TTLFunc truncates the duration): how long an event lives after its
   * last write. 0 or less: events do not expire (upstream's storage attaches no lease for a TTL of 0).
   */
  eventTtlSeconds?: number;
  /** This server's hooks around the writes of a definition (services allocate cluster IPs and node ports). */
  hooksFor?(def: ResourceDefinition): StoreHooks | undefined;
  /** Stores of computed kinds (ComponentStatus), by `<group>/<resource>`; a computed kind without one is not served. */
  computed?: ReadonlyMap<string, ComputedStoreFactory>;
  /** `--enable-admission-plugins` / `--disable-admission-plugins`; default upstream's default-on plugins. */
  admissionPlugins?: AdmissionPluginSelection;
  /** DefaultTolerationSeconds' two flags. */
  tolerationSeconds?: AdmissionPluginDeps['tolerationSeconds'];
  /** The plugins' configurations from `--admission-control-config-file` (loadAdmissionPluginConfigs); default none. */
  admissionPluginConfigs?: AdmissionPluginConfigs;
  /** The server's authorizer, once built (admission plugins that ask it). */
  authorizer?: () => Authorizer | undefined;
  /** Times each storage's backend calls and counts its lists (etcd_request_duration_seconds, apiserver_storage_list_*). */
  storageMetrics?: StorageMetrics;
  /** The ServerSideApply gate (default on): off, the stores keep no managedFields (StoreDeps.serverSideApply). */
  serverSideApply?: boolean;
  /** What the server's flags let validation allow (`--allow-privileged`); default DEFAULT_VALIDATION. */
  validation?: ValidationContext;
  /** Where the webhook plugins record their calls (apiserver_admission_webhook_*). */
  webhookMetrics?: WebhookMetricsRecorder;
}

export function buildStores(backend: Backend, storagePrefix: string, definitions: readonly ResourceDefinition[], options: BuildStoresOptions = {}): ServedStores {
  const storages = new Map<string, StorageResource>();
  // Every storage records the writes made through this server, for admission's reads (admission-reads.ts).
  const recordings = new Map<StorageResource, RecordingBackend>();
  const storageOf = (def: ResourceDefinition): StorageResource => {
    const path = resourcePath(def);
    let storage = storages.get(path);
    if (!storage) {
      const keys = keyScheme(storagePrefix, path, def.namespaced);
      const metrics = options.storageMetrics?.forResource(def);
      const recording = recordingWrites(backend);
      const own = metrics ? instrumentedBackend(recording, metrics.observe) : recording;
      const cacher = new Cacher({ backend: own, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision, summary: storedSummary, onError: (e) => reportCacheError(path, e) });
      const ttlSeconds = def.storage?.expiresWithEventTtl ? options.eventTtlSeconds ?? DEFAULT_EVENT_TTL_SECONDS : 0;
      storage = { backend: own, keys, cacher, ...(ttlSeconds > 0 ? { ttlSeconds } : {}), ...(metrics ? { listMetrics: metrics.lists } : {}) };
      storages.set(path, storage);
      recordings.set(storage, recording);
    }
    return storage;
  };
  const storageByStore = new Map<Store, StorageResource>();
  /** Where admission reads the resource of `store`, once it is built (undefined while it is not served). */
  const sourceOf = (store: () => Store | undefined) => (): AdmissionSource | undefined => {
    const built = store();
    const storage = built && storageByStore.get(built);
    const recording = storage && recordings.get(storage);
    return storage && recording ? { store: built, cacher: storage.cacher, backend: recording } : undefined;
  };

  let namespaces: Store | undefined;
  let priorityClasses: Store | undefined;
  let ingressClasses: Store | undefined;
  let limitRanges: Store | undefined;
  let runtimeClasses: Store | undefined;
  let storageClasses: Store | undefined;
  let serviceAccounts: Store | undefined;
  let pods: Store | undefined;
  let nodes: Store | undefined;
  let services: Store | undefined;
  let endpoints: Store | undefined;
  const webhookSource = new WebhookSource();
  // Definitions over one storage path serve the same objects: the resources matchPolicy Equivalent matches.
  const sameStorage = new Map<string, ResourceDefinition[]>();
  for (const def of definitions) sameStorage.set(resourcePath(def), [...(sameStorage.get(resourcePath(def)) ?? []), def]);
  const getNamespace = cachedGetter(sourceOf(() => namespaces), { liveLookup: true });
  const getStorageClass = cachedGetter(sourceOf(() => storageClasses), { liveLookup: false });
  const getRuntimeClass = cachedGetter(sourceOf(() => runtimeClasses), { liveLookup: false });
  const getService = cachedGetter(sourceOf(() => services), { liveLookup: false });
  const getEndpoints = cachedGetter(sourceOf(() => endpoints), { liveLookup: false });
  const getNode = cachedGetter(sourceOf(() => nodes), { liveLookup: false });
  const listPriorityClasses = cachedLister(sourceOf(() => priorityClasses));
  const listIngressClasses = cachedLister(sourceOf(() => ingressClasses));
  const listStorageClasses = cachedLister(sourceOf(() => storageClasses));
  let resourceQuotas: Store | undefined;
  const admission = buildAdmission(options.admissionPlugins ?? {}, {
    getNamespace: (name) => getNamespace('', name),
    // As kube-apiserver's loopback client: the namespaces store's create, with its strategy and admission.
    createNamespace: async (name) => {
      const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name }, spec: {}, status: {} };
      await namespaces!.create('', namespace, { dryRun: false, user: APISERVER_USER, userAgent: APISERVER_USER_AGENT });
    },
    listPriorityClasses: () => listPriorityClasses(''),
    listIngressClasses: () => listIngressClasses(''),
    listLimitRanges: liveLookupLister(sourceOf(() => limitRanges)),
    listStorageClasses: () => listStorageClasses(''),
    getStorageClass: (name) => getStorageClass('', name),
    getRuntimeClass: (name) => getRuntimeClass('', name),
    getServiceAccount: cachedGetter(sourceOf(() => serviceAccounts), { liveLookup: true }),
    // NodeRestriction's pod and node listers.
    getPod: cachedGetter(sourceOf(() => pods), { liveLookup: false }),
    getNode: (name) => getNode('', name),
    // As upstream's pod lister: the watch cache as it is (resourceVersion 0), no consistent read.
    listPods: async (namespace) => (pods ? (await pods.list(namespace, { resourceVersion: '0' })).items.map(sharedDecoded) : []),
    ...(options.admissionPluginConfigs ? { pluginConfigs: options.admissionPluginConfigs } : {}),
    resourceQuotas: quotaStore(() => resourceQuotas, (store) => storageByStore.get(store)),
    ...(options.tolerationSeconds ? { tolerationSeconds: options.tolerationSeconds } : {}),
    authorizer: () => options.authorizer?.(),
    webhooks: {
      source: webhookSource,
      metrics: options.webhookMetrics ?? NO_WEBHOOK_METRICS,
      equivalents: (def) => sameStorage.get(resourcePath(def)) ?? [def],
      getService,
      getEndpoints,
    },
    resourcesOf: (group, version, kind) => definitions
      .filter((d) => d.group === group && d.version === version && d.kind === kind)
      .map((d) => ({ group, version, resource: d.resource })),
  });

  const stores = definitions.flatMap((def): Store[] => {
    // A computed kind is served where the server provides its store (startServer does; unit tests need not).
    if (def.computed) return computedStore(def, options.computed ?? new Map());
    const storage = storageOf(def);
    const hooks = options.hooksFor?.(def);
    const store = createStore(def, { storage, admission, ...(hooks ? { hooks } : {}), ...(options.serverSideApply === false ? { serverSideApply: false } : {}), ...(options.validation ? { validation: options.validation } : {}) });
    storageByStore.set(store, storage);
    if (isNamespaces(def)) namespaces = store;
    if (def.group === 'scheduling.k8s.io' && def.resource === 'priorityclasses') priorityClasses = store;
    if (def.group === 'networking.k8s.io' && def.resource === 'ingressclasses') ingressClasses = store;
    if (def.group === '' && def.resource === 'serviceaccounts') serviceAccounts = store;
    if (def.group === '' && def.resource === 'limitranges') limitRanges = store;
    if (def.group === 'node.k8s.io' && def.resource === 'runtimeclasses') runtimeClasses = store;
    if (def.group === 'storage.k8s.io' && def.resource === 'storageclasses') storageClasses = store;
    if (def.group === '' && def.resource === 'pods') pods = store;
    if (def.group === '' && def.resource === 'nodes') nodes = store;
    if (def.group === '' && def.resource === 'services') services = store;
    if (def.group === '' && def.resource === 'endpoints') endpoints = store;
    if (def.group === '' && def.resource === 'resourcequotas') resourceQuotas = store;
    return [store];
  });
  if (!namespaces) throw new Error('kplane: the namespaces resource must be served');
  return {
    stores,
    storages,
    namespaces,
    storageOf: (store) => storageByStore.get(store),
    namespacedByStorage() {
      const byPath = new Map<string, Store>();
      for (const s of stores) if (s.def.namespaced && !s.def.computed && !byPath.has(resourcePath(s.def))) byPath.set(resourcePath(s.def), s);
      return [...byPath.values()];
    },
    async startWebhookSource(signal) {
      const configurations = (resource: string) => stores.find((s) => s.def.group === 'admissionregistration.k8s.io' && s.def.resource === resource);
      webhookSource.start({ mutating: configurations('mutatingwebhookconfigurations'), validating: configurations('validatingwebhookconfigurations') }, signal);
      await webhookSource.synced();
    },
  };
}

/**
 * What ResourceQuota admission reads and writes of quotas: the watch cache's state (as upstream's informer), a
 * consistent read, and status writes as kube-apiserver's loopback client (`system:apiserver`, manager
 * `kube-apiserver`) with the quota's resourceVersion as precondition. No quotas when the kind is not served.
 */
function quotaStore(store: () => Store | undefined, storageOf: (store: Store) => StorageResource | undefined): QuotaStore {
  const NONE: readonly Readonly<ResourceQuota>[] = [];
  /** The cached quotas by namespace, rebuilt when the cache changes (quotas are few; namespaces without one, many). */
  let index: { generation: number; byNamespace: Map<string, Readonly<ResourceQuota>[]> } | undefined;
  return {
    cached(namespace) {
      const quotas = store();
      const storage = quotas && storageOf(quotas);
      if (!storage) return NONE;
      const { cacher } = storage;
      if (index?.generation !== cacher.generation) {
        const byNamespace = new Map<string, Readonly<ResourceQuota>[]>();
        for (const item of cacher.list(storage.keys.resourcePrefix).items) {
          const quota = sharedDecoded(item) as Readonly<ResourceQuota>;
          const ns = quota.metadata.namespace ?? '';
          const list = byNamespace.get(ns);
          if (list) list.push(quota);
          else byNamespace.set(ns, [quota]);
        }
        index = { generation: cacher.generation, byNamespace };
      }
      return index.byNamespace.get(namespace) ?? NONE;
    },
    async live(namespace) {
      const quotas = store();
      return quotas ? (await quotas.list(namespace, {})).items.map((item) => sharedDecoded(item) as Readonly<ResourceQuota>) : NONE;
    },
    async updateStatus(quota) {
      const quotas = store();
      const { namespace = '', name = '', resourceVersion } = quota.metadata;
      if (!quotas) throw new Error('kplane: resourcequotas are not served');
      const write = { subresource: 'status', dryRun: false, user: APISERVER_USER, userAgent: APISERVER_USER_AGENT };
      const { object } = await quotas.update(namespace, name, (current) => {
        if (!current) return quota;
        const next = current as ResourceQuota;
        next.status = quota.status ?? {};
        // The precondition: a quota changed since it was read is a 409 (upstream's UpdateStatus of the read object).
        if (resourceVersion !== undefined) next.metadata.resourceVersion = resourceVersion;
        return next;
      }, write);
      return object as ResourceQuota;
    },
  };
}

/**
 * Logs an error a watch cache recovered from. An unreachable store (an etcd outage) is an expected condition
 * the cache retries through: one line without a stack trace, not a trace per retry and resource.
 */
function reportCacheError(path: string, error: unknown): void {
  if (isStorageError(error, 'Unavailable')) console.error(`kplane: cache ${path}: ${error.message}; retrying`);
  else console.error(`kplane: cache ${path}:`, error);
}

function computedStore(def: ResourceDefinition, computed: ReadonlyMap<string, ComputedStoreFactory>): Store[] {
  const factory = computed.get(`${def.group}/${def.resource}`);
  return factory ? [factory(def)] : [];
}

const isNamespaces = (def: ResourceDefinition): boolean => def.group === '' && def.resource === 'namespaces';

