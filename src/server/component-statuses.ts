// Which components `kubectl get componentstatuses` reports, and how each is probed (upstream
// pkg/registry/core/rest/storage_core.go serversToValidate, 1.25):
// - `scheduler` and `controller-manager`: HTTPS GET of /healthz on 127.0.0.1:10259 and :10257 without
//   verifying the certificate, as upstream. kplane runs neither, so unless something else listens
//   there they answer what upstream answers when those processes are down: Unhealthy with Go's error.
// - storage, etcd: one `etcd-<i>` per `--etcd-servers` URL, GET <url>/health with the etcd client TLS,
//   healthy when the body says {"health":"true"} (upstream's EtcdHealthCheck).
// - storage, SQLite or memory (Decision): there is no etcd to name, so one `<backend>-0` entry (`sqlite-0`,
//   `memory-0`) carries the backend's own health check, the one /readyz runs: Healthy "ok", or
//   Unhealthy with the check's error. Calling it `etcd-0` would claim an etcd that does not exist.
import { readFile } from 'node:fs/promises';
import { componentStatusStore } from '../apis/core/v1/componentstatus/store.js';
import { etcdHealthCheck, httpProbe, type ComponentProbe } from '../apis/core/v1/componentstatus/probes.js';
import type { Backend } from '../storage/interface.js';
import type { EtcdOptions } from './backend.js';
import { checkStorage } from './health-checks.js';
import type { ComputedStoreFactory } from './stores.js';
import { errorMessage } from '../errors/error-message.js';

/** kube-scheduler's and kube-controller-manager's secure ports (1.25 defaults). */
const SCHEDULER_PORT = 10259;
const CONTROLLER_MANAGER_PORT = 10257;

function localHealthz(name: string, port: number): ComponentProbe {
  return { name, probe: () => httpProbe({ url: new URL(`https://127.0.0.1:${port}/healthz`) }) };
}

function etcdProbes(etcd: EtcdOptions): ComponentProbe[] {
  const read = (file: string | undefined) => (file ? readFile(file, 'utf8') : Promise.resolve(undefined));
  return etcd.servers.map((server, i) => ({
    name: `etcd-${i}`,
    async probe() {
      const [ca, cert, key] = await Promise.all([read(etcd.caFile), read(etcd.certFile), read(etcd.keyFile)]);
      const tls = { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
      const url = new URL('/health', server);
      return httpProbe({ url, ...(url.protocol === 'https:' ? { tls } : {}), validate: etcdHealthCheck });
    },
  }));
}

function backendProbe(backend: Backend): ComponentProbe {
  return {
    name: `${backend.name}-0`,
    async probe() {
      try {
        await checkStorage(backend);
        return { type: 'Healthy', status: 'True', message: 'ok' };
      } catch (error) {
        return { type: 'Healthy', status: 'False', error: errorMessage(error) };
      }
    },
  };
}

/** The probes of this server's components, in the order `kubectl get cs` shows them. */
export function componentProbes(backend: Backend, etcd: EtcdOptions | undefined): ComponentProbe[] {
  const storage = etcd ? etcdProbes(etcd) : [backendProbe(backend)];
  return [localHealthz('scheduler', SCHEDULER_PORT), localHealthz('controller-manager', CONTROLLER_MANAGER_PORT), ...storage];
}

/** The stores of computed kinds, for buildStores. */
export function computedStores(backend: Backend, etcd: EtcdOptions | undefined): Map<string, ComputedStoreFactory> {
  const probes = componentProbes(backend, etcd);
  return new Map([['/componentstatuses', (def) => componentStatusStore(def, probes)]]);
}
