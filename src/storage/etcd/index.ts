// The etcd v3 backend, for several kplane servers sharing one store (`--storage=etcd --etcd-servers=...`).
export {
  createEtcdBackend,
  DEFAULT_COMPACTION_INTERVAL_MS,
  type EtcdBackend,
  type EtcdBackendOptions,
} from './etcd-backend.js';
export type { EtcdTlsOptions } from './etcd-client.js';
export { COMPACT_REV_KEY } from './compaction.js';
