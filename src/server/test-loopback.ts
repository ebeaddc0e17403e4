// Test support: the loopback of a server made of the given stores only (no TLS, no authorization), so that a
// controller test runs the controller through the API as the server does, without starting a whole server.
import { audienceAgnostic } from '../auth/authenticators/audiences.js';
import { bearerTokenAuthenticator } from '../auth/authenticators/bearer-token.js';
import { LoopbackTokens } from '../auth/authenticators/loopback-tokens.js';
import { alwaysAllow } from '../authorization/builtin-modules.js';
import { builtInResources } from '../apis/index.js';
import { ResourceRegistry } from '../registry/served-resources.js';
import type { Store } from '../registry/store/index.js';
import { ControllerRuntime } from './controller-runtime.js';
import { buildHandlerChain } from './handler-chain.js';
import { startLoopback } from './loopback.js';
import { createMetrics } from './metrics.js';
import { apiRoutes } from './routes.js';
import { buildStores, type BuildStoresOptions, type ServedStores } from './stores.js';
import { createMemoryBackend } from '../storage/memory/index.js';

export interface TestLoopback {
  readonly runtime: ControllerRuntime;
  /** Stops the informers and closes the loopback. */
  close(): Promise<void>;
}

export async function testLoopback(stores: readonly Store[]): Promise<TestLoopback> {
  const tokens = new LoopbackTokens();
  const shutdown = new AbortController();
  const metrics = createMetrics(() => []);
  const routes = apiRoutes({ registry: new ResourceRegistry(stores), metrics, checks: { livez: [], readyz: [], healthz: [] } });
  const handler = buildHandlerChain(routes, {
    authenticate: bearerTokenAuthenticator([audienceAgnostic([], tokens.authenticate)]),
    authorizer: alwaysAllow,
    inflightLimits: { readOnly: 400, mutating: 200 },
    requestTimeoutMs: 60_000,
    minRequestTimeoutSeconds: 1800,
    metrics,
    shutdown: shutdown.signal,
  });
  const loopback = await startLoopback(tokens);
  loopback.serve(handler);
  const runtime = new ControllerRuntime(loopback);
  runtime.start();
  return {
    runtime,
    async close() {
      runtime.stop();
      shutdown.abort();
      await loopback.close();
    },
  };
}

/** The built-in kinds' stores on a memory backend, for `startServedLoopback`. */
export function builtInTestStores(options: BuildStoresOptions = {}): ServedStores {
  return buildStores(createMemoryBackend(), '/registry', builtInResources(), options);
}

/** Starts the caches of `served` and a loopback over its stores; closing the loopback stops the caches too. */
export async function startServedLoopback(served: ServedStores): Promise<TestLoopback> {
  const caches = [...served.storages.values()].map((s) => s.cacher);
  await Promise.all(caches.map((cacher) => cacher.start()));
  const loopback = await testLoopback(served.stores);
  return {
    runtime: loopback.runtime,
    async close() {
      await loopback.close();
      caches.forEach((cacher) => cacher.stop());
    },
  };
}
