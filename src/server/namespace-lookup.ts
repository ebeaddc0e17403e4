// How NamespaceLifecycle admission finds the namespace of a write, as upstream does: from the watch cache
// (upstream's informer lister), with a consistent read only when the cache does not have it (created a
// moment ago, possibly through another replica). This saves a quorum read of the store per namespaced write.
//
// Upstream forces a live lookup for namespaces this server saw being deleted, so that a create right after
// `kubectl delete namespace` is refused; here the cache first catches up with every namespace write made
// through this server (usually it already has), which gives the same read-your-writes on one replica
// without a store round trip. As upstream, a deletion made through another replica can race with a create
// (the namespace controller then removes what was created).
import type { KubeObject } from '../apis/meta/v1/types.js';
import { isStatusError } from '../errors/status-error.js';
import type { Store, StorageResource } from '../registry/store/index.js';
import { isStorageError } from '../storage/errors.js';
import type { Backend } from '../storage/interface.js';
import { sharedDecoded } from '../storage/cacher/index.js';

/** A backend that remembers the revision of the last write made through it. */
export interface RecordingBackend extends Backend {
  readonly lastWrite: number;
}

/** Wraps `backend` to record its writes' revisions (the namespaces storage: see namespaceLookup). */
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


/** The lookup NamespaceLifecycle uses; `storage` is the namespaces storage over a recording backend. */
export function namespaceLookup(namespaces: () => Store, storage: () => StorageResource & { backend: RecordingBackend }) {
  return async (name: string): Promise<Readonly<KubeObject> | undefined> => {
    const { backend, cacher, keys } = storage();
    try {
      await cacher.waitUntilFresh(backend.lastWrite);
      const cached = cacher.get(keys.objectKey('', name));
      if (cached) return sharedDecoded(cached);
    } catch (error) {
      // The cache is behind (an outage, a slow watch): fall through to the consistent read.
      if (!isStorageError(error)) throw error;
    }
    try {
      return (await namespaces().get('', name)).object as KubeObject;
    } catch (error) {
      if (isStatusError(error) && error.code === 404) return undefined;
      throw error;
    }
  };
}
