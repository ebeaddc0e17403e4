// Storage (upstream EtcdOptions, with kplane's embedded backends): which backend, the data directory, and
// how to reach etcd.
import { durationFlag, enumFlag, FlagError, stringFlag, stringsFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';

/** Storage backends `kplane serve` can run on (architecture §3). */
export type StorageBackend = 'sqlite' | 'memory' | 'etcd';

const flags = {
  dataDir: stringFlag('data-dir', './kplane-data',
    'The directory for the embedded database, the certificates and the admin kubeconfig.'),
  etcdCaFile: stringFlag('etcd-cafile', '', 'SSL Certificate Authority file used to secure etcd communication.'),
  etcdCertFile: stringFlag('etcd-certfile', '', 'SSL certification file used to secure etcd communication.'),
  etcdCompactionIntervalMs: durationFlag('etcd-compaction-interval', 5 * 60_000,
    'The interval of compaction requests. If 0, the compaction request from apiserver is disabled.'),
  etcdKeyFile: stringFlag('etcd-keyfile', '', 'SSL key file used to secure etcd communication.'),
  etcdPrefix: stringFlag('etcd-prefix', '/registry', 'The prefix to prepend to all resource paths in etcd.'),
  etcdServers: stringsFlag('etcd-servers',
    'List of etcd servers to connect with (scheme://ip:port), comma separated. Implies --storage=etcd.'),
  storage: enumFlag<StorageBackend>('storage', ['sqlite', 'memory', 'etcd'], 'sqlite',
    'Storage backend: sqlite (embedded, durable), memory (lost on exit) or etcd (see --etcd-servers).'),
};

export interface StorageOptions {
  /** `--storage`; `etcd` when `--etcd-servers` is given and `--storage` is not. */
  readonly storage: StorageBackend;
  readonly dataDir: string;
  readonly etcdServers: readonly string[];
  readonly etcdPrefix: string;
  readonly etcdCaFile: string | undefined;
  readonly etcdCertFile: string | undefined;
  readonly etcdKeyFile: string | undefined;
  /** 0 disables compaction. */
  readonly etcdCompactionIntervalMs: number;
}

export const storage: OptionGroup<typeof flags, StorageOptions> = {
  flags,
  resolve(values, changed, validate) {
    const backend = !changed.has('storage') && values.etcdServers.length > 0 ? 'etcd' : values.storage;
    if (validate) {
      if (backend === 'etcd' && values.etcdServers.length === 0) throw new FlagError('--etcd-servers must be specified');
      if (backend !== 'etcd' && values.etcdServers.length > 0) throw new FlagError(`--etcd-servers cannot be used with --storage=${backend}`);
    }
    return {
      storage: backend,
      dataDir: values.dataDir,
      etcdServers: values.etcdServers,
      etcdPrefix: values.etcdPrefix,
      etcdCaFile: optional(values.etcdCaFile),
      etcdCertFile: optional(values.etcdCertFile),
      etcdKeyFile: optional(values.etcdKeyFile),
      etcdCompactionIntervalMs: values.etcdCompactionIntervalMs,
    };
  },
  serverOptions: (o) => ({
    storage: o.storage,
    dataDir: o.dataDir,
    ...(o.storage === 'etcd'
      ? {
          etcd: {
            servers: o.etcdServers,
            prefix: o.etcdPrefix,
            compactionIntervalMs: o.etcdCompactionIntervalMs,
            ...(o.etcdCaFile ? { caFile: o.etcdCaFile } : {}),
            ...(o.etcdCertFile ? { certFile: o.etcdCertFile } : {}),
            ...(o.etcdKeyFile ? { keyFile: o.etcdKeyFile } : {}),
          },
        }
      : {}),
  }),
};
