// How admission plugins read the objects they depend on (a pod's Namespace, ServiceAccount, LimitRanges,
// the PriorityClasses, ...), as upstream's plugins read them: from the watch cache, their informer listers,
// not with a quorum read per admitted write; with upstream's live look-ups where a plugin has one (a
// Namespace or ServiceAccount the cache lacks, a namespace without LimitRanges).
//
// The cache first catches up with every write made to the resource through this server (usually it already
// has): one replica reads its own writes, so `kubectl create sa x` then `kubectl run --serviceaccount=x` never
// misses. (Upstream forces a live namespace lookup for namespaces it saw being deleted, so that a create
// right after `kubectl delete namespace` is refused: the catch-up gives the same.) As upstream, a write made
// through another replica is seen once the watch delivers it, or by a live look-up.
import { LiveLookups } from '../admission/live-lookups.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { sharedIfExists, type Store } from '../registry/store/index.js';
import { isStorageError } from '../storage/errors.js';
import type { Backend } from '../storage/interface.js';
import { sharedDecoded, type Cacher } from '../storage/cacher/index.js';

/** A backend that remembers the revision of the last write made through it. */
export interface RecordingBackend extends Backend {
  readonly lastWrite: number;
}

/** Wraps `backend` to record its writes' revisions. */
export function recordingWrites(backend: Backend): RecordingBackend {
  let lastWrite = 0;
  const note = <T>(revision: (result: T) => number) => (result: T): T => {
    lastWrite = Math.max(lastWrite, revision(result));
    return result;
  };
  return {
    name: backend.name,
    get lastWrite() {
      return lastWrite;
    },
    currentRevision: () => backend.currentRevision(),
    ...(backend.localRevision ? { localRevision: backend.localRevision.bind(backend) } : {}),
    compactedRevision: () => backend.compactedRevision(),
    get: (key) => backend.get(key),
    range: (prefix, options) => backend.range(prefix, options),
    create: (key, value, options) => backend.create(key, value, options).then(note((kv) => kv.modRevision)),
    update: (key, value, expected, options) => backend.update(key, value, expected, options).then(note((kv) => kv.modRevision)),
    delete: (key, expected) => backend.delete(key, expected).then(note((result) => result.revision)),
    requestProgress: () => backend.requestProgress(),
    watch: (prefix, from, signal) => backend.watch(prefix, from, signal),
    compact: (revision) => backend.compact(revision),
    check: () => backend.check(),
    close: () => backend.close(),
  };
}

/** One resource admission reads: its store, its watch cache and its writes through this server. */
export interface AdmissionSource {
  readonly store: Store;
  readonly cacher: Cacher;
  readonly backend: RecordingBackend;
}

/** undefined while the resource is not served (a disabled group): nothing to read. */
type SourceOf = () => AdmissionSource | undefined;

/** Reads one object (`''` namespace for a cluster-scoped kind); undefined when it does not exist. */
export type ObjectGetter = (namespace: string, name: string) => Promise<Readonly<KubeObject> | undefined>;

/** Reads the objects of a namespace (`''`: all of a cluster-scoped kind). */
export type ObjectLister = (namespace: string) => Promise<readonly Readonly<KubeObject>[]>;

/**
 * True once the cache holds every write made through this server (no promise when it already does); false
 * when it cannot catch up in time (an outage, a slow watch): the caller then reads consistently.
 */
function caughtUp(source: AdmissionSource): boolean | Promise<boolean> {
  const target = source.backend.lastWrite;
  if (source.cacher.revision >= target) return true;
  return source.cacher.waitUntilFresh(target).then(
    () => true,
    (error: unknown) => {
      if (isStorageError(error)) return false;
      throw error;
    },
  );
}

async function list(store: Store, namespace: string, resourceVersion: '0' | undefined): Promise<readonly Readonly<KubeObject>[]> {
  return (await store.list(namespace, resourceVersion ? { resourceVersion } : {})).items.map(sharedDecoded);
}

/**
 * An informer lister's Get; with `liveLookup`, an object the cache lacks is read consistently (upstream's
 * ServiceAccount and NamespaceLifecycle plugins look up what their lister misses).
 */
export function cachedGetter(sourceOf: SourceOf, options: { liveLookup: boolean }): ObjectGetter {
  return async (namespace, name) => {
    const source = sourceOf();
    if (source === undefined) return undefined;
    const fresh = await caughtUp(source);
    const cached = await sharedIfExists(source.store, namespace, name, fresh ? '0' : undefined);
    // A consistent read already answered when the cache could not catch up.
    if (cached !== undefined || !options.liveLookup || !fresh) return cached;
    return sharedIfExists(source.store, namespace, name);
  };
}

/** An informer lister's List. */
export function cachedLister(sourceOf: SourceOf): ObjectLister {
  return async (namespace) => {
    const source = sourceOf();
    if (source === undefined) return [];
    return list(source.store, namespace, (await caughtUp(source)) ? '0' : undefined);
  };
}

/** How many namespaces upstream's LimitRanger keeps a live look-up of (each for 30 s). */
const LIVE_LOOKUP_NAMESPACES = 10_000;

/**
 * The lister with upstream LimitRanger's live look-up (plugin/pkg/admission/limitranger GetLimitRanges): a
 * namespace the cache holds none of is listed consistently, at most once per 30 s (live-lookups.ts), so that
 * objects created through another replica a moment ago are not missed.
 */
export function liveLookupLister(sourceOf: SourceOf, clock: () => number = Date.now): ObjectLister {
  const cached = cachedLister(sourceOf);
  const lookups = new LiveLookups(async (namespace): Promise<readonly Readonly<KubeObject>[]> => {
    const source = sourceOf();
    return source ? list(source.store, namespace, undefined) : [];
  }, LIVE_LOOKUP_NAMESPACES, clock);
  return async (namespace) => {
    const items = await cached(namespace);
    return items.length > 0 ? items : lookups.get(namespace);
  };
}
