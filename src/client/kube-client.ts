// kplane's own client: HTTPS requests to an API server as a kubeconfig describes the connection (CA,
// client certificate, bearer token, or a credential plugin), for test suites and programs that embed
// kplane. A plugin's credentials are used until they expire; a 401 makes it run again, once per request.
import { Agent, request as httpsRequest } from 'node:https';
import { ExecCredentialProvider, type ExecCredentials } from './exec-credentials.js';
import { loadClientConfig, type ClientConfig } from './kubeconfig.js';

export interface KubeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): unknown;
}

export interface KubeRequestOptions {
  body?: string;
  contentType?: string;
  accept?: string;
}

/** Every request must end within this bound. */
const REQUEST_TIMEOUT_MS = 60_000;

export class KubeClient {
  readonly #provider: ExecCredentialProvider | undefined;
  // One agent per client certificate: a plugin's new certificate makes new connections (client-go reconnects).
  #agent: { key: string; agent: Agent } | undefined;

  constructor(private readonly config: ClientConfig) {
    const exec = config.user.exec;
    this.#provider = exec ? new ExecCredentialProvider(exec, config.cluster, config.directory) : undefined;
  }

  /** A client for the current context of the kubeconfig at `path`. */
  static async fromKubeconfig(path: string): Promise<KubeClient> {
    return new KubeClient(await loadClientConfig(path));
  }

  async request(method: string, path: string, options: KubeRequestOptions = {}): Promise<KubeResponse> {
    const credentials = await this.#provider?.get();
    const response = await this.#send(method, path, options, credentials);
    if (response.status !== 401 || !this.#provider || !credentials) return response;
    // The server refused the plugin's credentials: run it again and retry once.
    this.#provider.invalidate(credentials);
    return this.#send(method, path, options, await this.#provider.get());
  }

  /** Closes the connections this client keeps. */
  close(): void {
    this.#agent?.agent.destroy();
    this.#agent = undefined;
  }

  #agentFor(cert: string | undefined, key: string | undefined): Agent {
    const id = `${cert ?? ''}\0${key ?? ''}`;
    if (this.#agent?.key !== id) {
      this.#agent?.agent.destroy();
      const { cluster } = this.config;
      this.#agent = {
        key: id,
        agent: new Agent({
          keepAlive: true,
          ...(cluster.certificateAuthorityData ? { ca: cluster.certificateAuthorityData } : {}),
          ...(cluster.tlsServerName ? { servername: cluster.tlsServerName } : {}),
          ...(cluster.insecureSkipTLSVerify ? { rejectUnauthorized: false } : {}),
          ...(cert && key ? { cert, key } : {}),
        }),
      };
    }
    return this.#agent.agent;
  }

  #send(method: string, path: string, options: KubeRequestOptions, credentials: ExecCredentials | undefined): Promise<KubeResponse> {
    const { user, cluster } = this.config;
    const cert = credentials?.clientCertificateData ?? user.clientCertificateData;
    const key = credentials?.clientKeyData ?? user.clientKeyData;
    const token = credentials?.token ?? user.token;
    const headers: Record<string, string | number> = { accept: options.accept ?? 'application/json' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      headers['content-length'] = Buffer.byteLength(options.body);
    }
    const url = new URL(path, cluster.server);
    return new Promise((resolveResponse, reject) => {
      const req = httpsRequest(url, { method, headers, agent: this.#agentFor(cert, key), timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolveResponse({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(options.body);
    });
  }
}
