// The master leases of the lease endpoint reconciler (upstream controlplane/reconcilers/lease.go
// storageLeases): each replica keeps `/registry/masterleases/<ip>` alive with a TTL; the live keys are
// the replicas the `kubernetes` Endpoints lists.
import { isStorageError } from '../../storage/errors.js';
import type { Backend } from '../../storage/interface.js';

/** Upstream's lease TTL (`masterEndpointReconcileTTL`, 15 s). */
export const MASTER_LEASE_TTL_SECONDS = 15;

export class MasterLeases {
  private readonly prefix: string;

  constructor(
    private readonly backend: Backend,
    storagePrefix: string,
    private readonly ttlSeconds = MASTER_LEASE_TTL_SECONDS,
  ) {
    this.prefix = `${storagePrefix.replace(/\/+$/, '')}/masterleases/`;
  }

  /** Creates or refreshes the lease of `ip` (a write renews its TTL). */
  async update(ip: string): Promise<void> {
    const key = this.prefix + ip;
    // As upstream, the value is an Endpoints object named after the address.
    const value = JSON.stringify({ kind: 'Endpoints', apiVersion: 'v1', metadata: { name: ip, creationTimestamp: null } });
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.backend.get(key);
      try {
        if (current) await this.backend.update(key, value, current.modRevision, { ttlSeconds: this.ttlSeconds });
        else await this.backend.create(key, value, { ttlSeconds: this.ttlSeconds });
        return;
      } catch (error) {
        if (!isStorageError(error, 'Conflict') && !isStorageError(error, 'KeyExists') && !isStorageError(error, 'KeyNotFound')) throw error;
      }
    }
  }

  /** Removes the lease of `ip` (a replica shutting down). */
  async remove(ip: string): Promise<void> {
    try {
      await this.backend.delete(this.prefix + ip);
    } catch (error) {
      if (!isStorageError(error, 'KeyNotFound')) throw error;
    }
  }

  /** The addresses with a live lease. */
  async list(): Promise<string[]> {
    const { kvs } = await this.backend.range(this.prefix);
    return kvs.map((kv) => kv.key.slice(this.prefix.length));
  }
}
