// A backend that times its reads and writes for etcd_request_duration_seconds (upstream times each etcd
// call of its storage layer; here the same calls are timed for whichever backend is in use). Watches,
// revisions and housekeeping pass through untimed, as upstream does not time them either.
import type { Backend } from './interface.js';

/** Upstream's operation names: `list` for ranges, as its GetList records them. */
export type BackendOperation = 'get' | 'list' | 'create' | 'update' | 'delete';

/** Receives each timed call's duration. */
export type BackendObserver = (operation: BackendOperation, seconds: number) => void;

export function instrumentedBackend(backend: Backend, observe: BackendObserver): Backend {
  const timed = async <T>(operation: BackendOperation, call: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await call();
    } finally {
      observe(operation, (performance.now() - start) / 1000);
    }
  };
  return {
    name: backend.name,
    currentRevision: () => backend.currentRevision(),
    // Kept where the backend has it: without it, every consistent read of the cache waits for a promise.
    ...(backend.localRevision ? { localRevision: backend.localRevision.bind(backend) } : {}),
    compactedRevision: () => backend.compactedRevision(),
    get: (key) => timed('get', () => backend.get(key)),
    range: (prefix, options) => timed('list', () => backend.range(prefix, options)),
    create: (key, value, options) => timed('create', () => backend.create(key, value, options)),
    update: (key, value, expected, options) => timed('update', () => backend.update(key, value, expected, options)),
    delete: (key, expected) => timed('delete', () => backend.delete(key, expected)),
    requestProgress: () => backend.requestProgress(),
    watch: (prefix, from, signal) => backend.watch(prefix, from, signal),
    compact: (revision) => backend.compact(revision),
    check: () => backend.check(),
    close: () => backend.close(),
  };
}
