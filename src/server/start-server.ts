// startServer(): one kplane API server in this process (the CLI's `serve` and Node test suites alike).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { builtInResources } from '../apis/index.js';
import { loadAuthenticationFiles, newAuthentication, tokenReviewStore, type Authentication } from '../auth/index.js';
import { oidcAuthenticator } from '../auth/authenticators/oidc/index.js';
import { bootstrapTokenAuthenticator, BOOTSTRAP_TOKEN_NAMESPACE, type TokenSecret } from '../auth/bootstrap-token/index.js';
import { controllerSelectionErrors, DEFAULT_CONTROLLERS, isControllerEnabled } from '../controllers/selection.js';
import { aggregateMessage } from '../errors/aggregate.js';
import { checkAdmissionSelection, loadAdmissionPluginConfigs } from '../admission/registry.js';
import { isStatusError } from '../errors/status-error.js';
import { clusterInfoKubeconfig, publishClusterInfo } from './cluster-info.js';
import { openBackend } from './backend.js';
import { buildControllers } from './controllers.js';
import { everySigner, readClusterSigningFiles } from './cluster-signing.js';
import { clusterSigningErrors } from './cluster-signing-options.js';
import { buildHandlerChain } from './handler-chain.js';
import { corsOriginPatterns } from '../filters/with-cors.js';
import { externalAddressOf } from './external-address.js';
import { flowControlLimitErrors, startFlowControl } from './flow-control.js';
import { loadAudit } from './audit.js';
import { buildAuthorization, checkAuthorizationOptions, loadAuthorizationFiles, type Authorization } from './authorization.js';
import { accessReviewStores } from '../authorization/access-reviews/stores.js';
import { rbacEscalationHooks } from '../authorization/rbac/escalation-hooks.js';
import { DEFAULT_VALIDATION, type ResourceDefinition } from '../registry/resource-definition.js';
import { KubeClient } from '../client/kube-client.js';
import type { InflightLimits } from '../filters/with-max-in-flight.js';
import { healthChecks, startedOnly } from './health-checks.js';
import { isAPIServerController } from '../controllers/identities.js';
import { ControllerRuntime } from './controller-runtime.js';
import { loadServingPair, watchServingPair, type ServingCertFiles } from './serving-cert-files.js';
import { startLoopback } from './loopback.js';
import { LoopbackTokens } from '../auth/authenticators/loopback-tokens.js';
import { buildAdminKubeconfig, writeKubeconfig } from './kubeconfig.js';
import { listen } from './listener.js';
import { servingTls } from './tls-settings.js';
import { defaultWarn, preparePrivateDirectories, privateKeyFiles, tightenPrivateFiles } from './private-files.js';
import { createMetrics, type ResourceGaugeSource } from './metrics.js';
import { StorageMetrics } from './storage-metrics.js';
import { WebhookMetrics } from './webhook-metrics.js';
import type { Store } from '../registry/store/index.js';
import { ensureCertificates } from './pki/index.js';
import { apiRoutes } from './routes.js';
import { ResourceRegistry } from '../registry/served-resources.js';
import { applyRuntimeConfig, parseRuntimeConfig } from './runtime-config.js';
import { buildStores, type ServedStores } from './stores.js';
import { serviceNetworking } from './service-networking.js';
import { ensureSystemNamespaces } from './system-namespaces.js';
import { createMissingAPFBootstrap } from './apf-bootstrap.js';
import { APF_CONFIGURATION } from '../controllers/apf-configuration/apf-configuration-controller.js';
import { ensureBootstrapPolicy, rbacStoresOf } from '../authorization/rbac/reconciliation/index.js';
import { ensureSystemPriorityClasses } from './system-priority-classes.js';
import { computedStores } from './component-statuses.js';
import { publishAuthenticationTrust } from './authentication-trust.js';
import { withTokenSubresource } from '../auth/service-accounts/token-request.js';
import { issuerDiscovery, serviceAccountAuthenticator, serviceAccountKeys, serviceAccountTokenSource } from './service-accounts.js';
import { defaultAdvertiseAddress } from './kubernetes-service.js';
import type { OpenIDMetadata } from '../auth/service-accounts/openid-metadata.js';
import { featureGateWarnings, resolveFeatureGates } from './feature-gates/index.js';
import { sleepLong } from '../endpoints/long-timer.js';
import { serverRunErrors, type ServerOptions } from './server-options.js';

export type { ServerOptions } from './server-options.js';

export interface RunningServer {
  url: string;
  port: number;
  /** The admin kubeconfig (YAML), also written to `<dataDir>/admin.kubeconfig`. */
  kubeconfig: string;
  kubeconfigPath: string;
  /** Where the CA and certificates are (a shared per-user directory for ephemeral servers). */
  certDir: string;
  dataDir: string;
  /** A client for this server: as the admin, or as the kubeconfig at `kubeconfigPath` says (exec plugins included). */
  client(kubeconfigPath?: string): Promise<KubeClient>;
  stop(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // Checked before anything opens, so that bad admission or OIDC options leave nothing behind.
  const admissionPlugins = { enable: options.enableAdmissionPlugins ?? [], disable: options.disableAdmissionPlugins ?? [] };
  checkAdmissionSelection(admissionPlugins);
  const admissionPluginConfigs = await loadAdmissionPluginConfigs(admissionPlugins, options.admissionControlConfigFile);
  const authorizationOptions = options.authorization ?? {};
  checkAuthorizationOptions(authorizationOptions);
  const features = resolveFeatureGates(options.featureGates);
  const corsAllowedOrigins = corsOriginPatterns(options.corsAllowedOrigins ?? []);
  // The CLI checks these with the other flags; embedders get the same answers.
  const runErrors = serverRunErrors(options);
  if (runErrors.length > 0) throw new Error(runErrors[0]);
  for (const warning of featureGateWarnings(options.featureGates ?? {})) defaultWarn(warning);
  const servingFiles = servingCertFiles(options);
  const tls = servingTls({ ...(options.tlsMinVersion !== undefined ? { minVersion: options.tlsMinVersion } : {}), ...(options.tlsCipherSuites ? { cipherSuites: options.tlsCipherSuites } : {}) });
  for (const warning of tls.warnings) defaultWarn(warning);
  const limits = inflightLimits(options);
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const priorityAndFairness = (options.enablePriorityAndFairness ?? true) && features.enabled('APIPriorityAndFairness');
  const limitErrors = priorityAndFairness ? flowControlLimitErrors(limits.readOnly, limits.mutating) : [];
  if (limitErrors.length > 0) throw new Error(aggregateMessage(limitErrors));
  const controllerSelection = options.controllers ?? DEFAULT_CONTROLLERS;
  // kube-controller-manager's option checks (its Validate), in its order, before any controller starts.
  const controllerErrors = [...controllerSelectionErrors(controllerSelection), ...clusterSigningErrors(options.clusterSigning ?? {})];
  if (controllerErrors.length > 0) throw new Error(aggregateMessage(controllerErrors));
  const oidc = options.oidc ? await oidcAuthenticator(options.oidc) : undefined;
  const startedAt = Date.now();
  const storage = options.storage ?? 'sqlite';
  const tempDir = options.dataDir === undefined && storage === 'memory' ? await mkdtemp(join(tmpdir(), 'kplane-')) : undefined;
  const dataDir = resolve(options.dataDir ?? tempDir ?? 'kplane-data');
  // Ephemeral servers (memory, no data dir) share one generated CA per user instead of paying ~200 ms
  // of key generation at every start; it lives in a private (0700) temp directory.
  const certDir = resolve(options.certDir ?? (tempDir ? join(tmpdir(), `kplane-ephemeral-pki-${process.getuid?.() ?? 'user'}`) : dataDir));
  const shutdown = new AbortController();
  // The authentication and authorization files first: an unreadable one stops the start before anything is opened.
  const authenticationFiles = await loadAuthenticationFiles(options);
  const signingFiles = await readClusterSigningFiles(options.clusterSigning);
  const authorizationFiles = await loadAuthorizationFiles(authorizationOptions);
  const auditSetup = await loadAudit(options.audit);
  // Directories 0700 and files with data or keys 0600, as etcd and kubeadm keep theirs (server/private-files.ts).
  await preparePrivateDirectories(dataDir, certDir, options.certDir === undefined && tempDir !== undefined);
  const [opened, generated, servingPair] = await Promise.all([
    openBackend(storage, dataDir, options.etcd),
    ensureCertificates(certDir, { hosts: options.bindAddress ? [options.bindAddress] : [] }),
    servingFiles ? loadServingPair(servingFiles) : undefined,
  ]);
  // A serving pair from files is served (and, as upstream, signs nothing else); clients are told to trust
  // its chain beside the generated CA, whose client certificates stay trusted.
  const backend = options.wrapBackend ? options.wrapBackend(opened) : opened;
  const pki = servingPair ? { ...generated, servingCert: servingPair.cert, servingKey: servingPair.key } : generated;
  const serverTrust = servingPair ? `${generated.caCert.trimEnd()}\n${servingPair.cert.trimEnd()}\n` : generated.caCert;
  await tightenPrivateFiles(privateKeyFiles(certDir), defaultWarn);
  const storagePrefix = (storage === 'etcd' ? options.etcd?.prefix : undefined) ?? '/registry';
  const computed = computedStores(backend, storage === 'etcd' ? options.etcd : undefined);
  // Token sources of other methods may need the stores: the authenticator is assembled after them, and
  // reviews (served once listening) find it here.
  const assembled: { authentication?: Authentication; authorization?: Authorization } = {};
  computed.set('authentication.k8s.io/tokenreviews', (def) => tokenReviewStore(def, () => assembled.authentication!));
  const serverSideApply = features.enabled('ServerSideApply');
  for (const [resource, store] of accessReviewStores(() => assembled.authorization!, serverSideApply)) computed.set(resource, store);
  const networking = serviceNetworking(backend, storagePrefix, options);
  const saKeys = await serviceAccountKeys(options.serviceAccounts ?? {}, options.apiAudiences, pki);
  const definitions = withTokenSubresource(applyRuntimeConfig(builtInResources(), parseRuntimeConfig(options.runtimeConfig ?? [])), saKeys.issuing);
  // RBAC writes are checked for escalation against the authorizer, which is built after the stores.
  const escalationDeps = () => {
    const rules = assembled.authorization?.rbac;
    return rules ? { authorizer: assembled.authorization!.authorizer, rules } : undefined;
  };
  const hooksFor = (def: ResourceDefinition) => networking.hooksFor(def) ?? rbacEscalationHooks(def, escalationDeps);
  const storageMetrics = new StorageMetrics();
  const webhookMetrics = new WebhookMetrics();
  const served = buildStores(backend, storagePrefix, definitions, { computed, hooksFor, admissionPlugins, admissionPluginConfigs, ...(options.defaultTolerationSeconds ? { tolerationSeconds: options.defaultTolerationSeconds } : {}), ...(options.eventTtlSeconds !== undefined ? { eventTtlSeconds: options.eventTtlSeconds } : {}), authorizer: () => assembled.authorization?.authorizer, storageMetrics, webhookMetrics, serverSideApply, validation: { allowPrivileged: options.allowPrivileged ?? DEFAULT_VALIDATION.allowPrivileged } });
  await Promise.all([...served.storages.values()].map((s) => s.cacher.start()));
  await ensureSystemNamespaces(served.namespaces);
  // upstream's rbac/bootstrap-roles post-start hook, while rbac.authorization.k8s.io/v1 is served.
  const rbacStores = rbacStoresOf(served.stores);
  if (rbacStores) await ensureBootstrapPolicy(rbacStores);
  if (priorityAndFairness && isControllerEnabled(APF_CONFIGURATION, controllerSelection)) await createMissingAPFBootstrap(served.stores);
  await networking.repair(served);
  const registry = new ResourceRegistry(served.stores);
  // The webhook plugins' configurations, listed before the server serves (upstream's WaitForReady).
  await served.startWebhookSource(shutdown.signal);
  // upstream's scheduling post-start hook runs only while scheduling.k8s.io is served.
  const priorityClasses = registry.current().storeFor('scheduling.k8s.io', 'priorityclasses');
  if (priorityClasses) await ensureSystemPriorityClasses(priorityClasses);
  const authorization = (assembled.authorization = buildAuthorization(authorizationOptions, registry, authorizationFiles));
  await authorization.synced();
  const electing = options.leaderElection ?? storage === 'etcd';
  // Stored kinds only: computed ones (ComponentStatus) have no storage to count.
  const metrics = createMetrics(() => served.stores.flatMap((s) => gaugeSource(s, served)), storageMetrics, webhookMetrics);
  const flowControl = priorityAndFairness ? startFlowControl(registry, served, metrics, { serverConcurrencyLimit: limits.readOnly + limits.mutating, requestTimeoutMs }) : undefined;
  await flowControl?.synced();
  // The controllers reach the API through the loopback (server/loopback.ts), each as its own identity.
  const loopbackTokens = new LoopbackTokens();
  const loopback = await startLoopback(loopbackTokens);
  const runtime = new ControllerRuntime(loopback);
  const controllers = buildControllers(served, {
    contextFor: runtime.contextFor, registry, selection: controllerSelection, metrics,
    serviceAccounts: { rootCA: serverTrust, legacyGenerator: saKeys.legacyGenerator, autoGenerateTokens: !features.enabled('LegacyServiceAccountTokenNoAutoGeneration') },
    ...(signingFiles ? { clusterSigning: { authorities: signingFiles === 'cluster-ca' ? everySigner({ cert: pki.caCert, key: pki.caKey }) : signingFiles, durationMs: options.clusterSigning?.durationMs } } : {}),
    ...(electing === false ? {} : { leaderElection: electing === true ? {} : electing }),
  });

  const lifecycle = { terminating: false, livezGraceUntil: startedAt + (options.livezGracePeriodMs ?? 0) };
  const controllerHealth = controllers.map((c) => (isAPIServerController(c.name) ? c : startedOnly(c, () => runtime.started)));
  const checks = healthChecks(backend, served, controllerHealth, lifecycle);
  const secrets = options.enableBootstrapTokenAuth ? registry.current().storeFor('', 'secrets') : undefined;
  // --api-audiences defaults to the service-account issuers (upstream BuiltInAuthenticationOptions.ApplyTo).
  const authentication = (assembled.authentication = newAuthentication({ ...options, apiAudiences: saKeys.verification.apiAudiences }, authenticationFiles, pki.caCert, {
    loopback: loopbackTokens.authenticate,
    serviceAccountTokens: [serviceAccountTokenSource(serviceAccountAuthenticator(saKeys, served), saKeys.verification.apiAudiences)],
    ...(secrets ? { bootstrapTokens: bootstrapTokenAuthenticator(secretGetter(secrets)) } : {}),
    ...(oidc ? { oidc: oidc.authenticate } : {}),
  }));
  const configMaps = registry.current().storeFor('', 'configmaps');
  if (configMaps) await publishAuthenticationTrust(configMaps, authentication.clusterInfo);
  let openid: OpenIDMetadata | undefined | null = null;
  const externalAddress = (): string => externalAddressOf(options.externalHostname ?? options.advertiseAddress ?? defaultAdvertiseAddress(options.bindAddress) ?? '127.0.0.1', listener.port);
  const routes = apiRoutes({ registry, metrics, checks, features, openid: () => (openid === null ? (openid = issuerDiscovery(saKeys, externalAddress())) : openid) });
  const audit = auditSetup?.open();
  const handler = buildHandlerChain(routes, { authenticate: authentication.authenticate, authorizer: authorization.authorizer, metrics, shutdown: shutdown.signal, inflightLimits: limits,
    ...(flowControl ? { flowControl: flowControl.deps } : {}),
    ...(audit ? { audit } : {}),
    requestTimeoutMs,
    minRequestTimeoutSeconds: options.minRequestTimeoutSeconds ?? 1800,
    responseCompression: features.enabled('APIResponseCompression'),
    ...(options.strictTransportSecurityDirectives ? { hstsDirectives: options.strictTransportSecurityDirectives } : {}),
    corsAllowedOrigins,
    ...(options.goawayChance ? { goawayChance: options.goawayChance } : {}),
  });
  loopback.serve(handler);
  const listener = await listen({
    port: options.securePort ?? 6443,
    host: options.bindAddress ?? '127.0.0.1',
    pki,
    tls,
    clientCAs: authentication.clientCAs,
    onTlsHandshakeError: metrics.tlsHandshakeError,
    handler,
    ...(options.http2MaxStreamsPerConnection !== undefined ? { http2MaxStreamsPerConnection: options.http2MaxStreamsPerConnection } : {}),
  });
  // kube-controller-manager's controllers; their informers and service accounts come at the end of the start.
  await Promise.all(controllers.map((c) => c.start()));
  if (configMaps && isControllerEnabled('bootstrapsigner', controllerSelection)) await publishClusterInfo(configMaps, clusterInfoKubeconfig(listener.url, serverTrust));
  const kubeconfig = buildAdminKubeconfig({ server: listener.url, caCert: serverTrust, clientCert: pki.adminCert, clientKey: pki.adminKey });
  const stopWatchingServingFiles = servingFiles && servingPair
    ? watchServingPair(servingFiles, servingPair, (pair) => listener.setServingCertificate(pair.cert, pair.key), (error) => defaultWarn(`serving certificate not reloaded: ${error.message}`))
    : undefined;
  const kubeconfigPath = join(dataDir, 'admin.kubeconfig');
  await writeKubeconfig(kubeconfigPath, kubeconfig);
  // The `kubernetes` Service and this replica's Endpoints are not awaited: upstream's bootstrap controller
  // makes them in its async runner once the server is ready, so readiness does not wait for them. Its first
  // pass begins on the next turn of the event loop, after the start has returned.
  const kubernetesService = networking.startKubernetesService(served, listener.port, runtime.apiserver().clients);
  const rangeRepairs = networking.startRepairs(served);

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      // Graceful termination as upstream's: /readyz fails at once and this replica leaves the `kubernetes`
      // Endpoints; requests are still served for --shutdown-delay-duration, so that load balancers notice.
      lifecycle.terminating = true;
      await rangeRepairs.stop();
      await kubernetesService.stop();
      if (options.shutdownDelayMs) await sleepLong(options.shutdownDelayMs);
      // The controllers first, so that their watches ending is no failure to them; an elected controller
      // releases its Lease through the store, before the backend closes. Then watches end cleanly, no
      // connection is accepted, and requests in flight finish: each is bounded by the request timeout, which
      // answers 504 when it runs out.
      await Promise.all(controllers.map((c) => c.stop()));
      runtime.stop();
      shutdown.abort();
      oidc?.stop();
      stopWatchingServingFiles?.();
      await Promise.all([listener.close({ graceMs: requestTimeoutMs + 1_000 }), loopback.close()]);
      authorization.stop();
      flowControl?.stop();
      audit?.backend.close();
      for (const s of served.storages.values()) s.cacher.stop();
      await backend.close();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    })());
  // Last, the informers the controllers asked for: their first lists (the garbage collector's cover every
  // resource) run after the start, not within it, as kube-controller-manager's start after the API server's
  // (from the next turn of the event loop: the controllers' post-start checks pass from here).
  runtime.start();
  // The accounts are for the record (`kubectl get sa -n kube-system`, as upstream's client builder makes
  // them): the controllers' loopback tokens do not depend on them, so the start does not wait for them.
  void runtime.ensureServiceAccounts(controllers.map((c) => c.name));
  const client = (path = kubeconfigPath): Promise<KubeClient> => KubeClient.fromKubeconfig(path);
  return { url: listener.url, port: listener.port, kubeconfig, kubeconfigPath, dataDir, certDir, client, stop };
}

/** `--tls-cert-file` and `--tls-private-key-file`, which go together (upstream's dynamic serving content needs both). */
function servingCertFiles(options: ServerOptions): ServingCertFiles | undefined {
  const { tlsCertFile: certFile, tlsPrivateKeyFile: keyFile } = options;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new Error('missing filename for serving cert: --tls-cert-file and --tls-private-key-file go together');
  return { certFile, keyFile };
}

/** kube-apiserver's defaults: 400 read-only and 200 mutating requests. */
function inflightLimits(options: ServerOptions): InflightLimits {
  return { readOnly: options.maxRequestsInflight ?? 400, mutating: options.maxMutatingRequestsInflight ?? 200 };
}

/** A bootstrap token Secret of kube-system through the secrets store (its watch cache, as upstream's lister). */
function secretGetter(secrets: Store): (name: string) => Promise<TokenSecret | undefined> {
  return async (name) => {
    try {
      return (await secrets.get(BOOTSTRAP_TOKEN_NAMESPACE, name)).object as unknown as TokenSecret;
    } catch (error) {
      if (isStatusError(error) && error.reason === 'NotFound') return undefined;
      throw error;
    }
  };
}

function gaugeSource(store: Store, served: ServedStores): ResourceGaugeSource[] {
  const { def } = store;
  const storage = served.storageOf(store);
  if (!storage) return [];
  const { cacher } = storage;
  return [{
    group: def.group,
    version: def.version,
    kind: def.kind,
    resource: def.resource,
    objectCount: () => cacher.stats().objects,
    watcherCount: () => cacher.stats().watchers,
  }];
}
