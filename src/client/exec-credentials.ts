// Client credential plugins (2-access-control: client credential plugins; client-go's exec authenticator):
// a kubeconfig `exec` block names a command that prints an ExecCredential with a token or a client
// certificate and key. Credentials are kept until their expiry, or until the server answers 401.
import { execFile } from 'node:child_process';
import { isAbsolute, resolve, sep } from 'node:path';
import type { ClusterConfig, ExecConfig } from './kubeconfig.js';

const API_VERSIONS = ['client.authentication.k8s.io/v1', 'client.authentication.k8s.io/v1beta1'];

/** What a plugin hands the client. */
export interface ExecCredentials {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  /** Epoch ms; undefined: valid until a 401 or the end of the process. */
  expiresAt?: number;
}

interface ExecCredentialStatus {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  expirationTimestamp?: string;
}

/** How long a plugin may run before the client gives up on it. */
const PLUGIN_TIMEOUT_MS = 60_000;

export class ExecCredentialProvider {
  #cached: ExecCredentials | undefined;
  #pending: Promise<ExecCredentials> | undefined;
  readonly #command: string;

  /** Checks the block as client-go does when it builds the authenticator. */
  constructor(
    private readonly config: ExecConfig,
    private readonly cluster: ClusterConfig,
    directory: string,
    private readonly stdinIsTerminal = Boolean(process.stdin.isTTY),
  ) {
    if (!API_VERSIONS.includes(config.apiVersion)) throw new Error(`exec plugin: invalid apiVersion ${JSON.stringify(config.apiVersion)}`);
    if (config.apiVersion.endsWith('/v1') && !config.interactiveMode) {
      throw new Error(`exec plugin: interactiveMode must be specified for ${config.command} to use exec authentication plugin`);
    }
    const mode = config.interactiveMode ?? 'IfAvailable';
    if (!['Never', 'IfAvailable', 'Always'].includes(mode)) throw new Error(`exec plugin: invalid interactive mode ${mode}`);
    // clientcmd resolves a command given as a relative path (not a bare name looked up on PATH).
    this.#command = config.command.includes(sep) && !isAbsolute(config.command) ? resolve(directory, config.command) : config.command;
  }

  /** The cached credentials while valid, else the plugin's fresh ones (one run for concurrent callers). */
  async get(now = Date.now()): Promise<ExecCredentials> {
    const cached = this.#cached;
    if (cached && (cached.expiresAt === undefined || cached.expiresAt > now)) return cached;
    this.#pending ??= this.#run().finally(() => (this.#pending = undefined));
    return (this.#cached = await this.#pending);
  }

  /** The server refused `used` (401): the next get() runs the plugin again, unless it already did. */
  invalidate(used: ExecCredentials): void {
    if (this.#cached === used) this.#cached = undefined;
  }

  #interactive(): boolean {
    const mode = this.config.interactiveMode ?? 'IfAvailable';
    if (mode === 'Never') return false;
    if (mode === 'Always' && !this.stdinIsTerminal) throw new Error('exec plugin cannot support interactive mode: standard input is not a terminal');
    return this.stdinIsTerminal;
  }

  /** The ExecCredential the plugin receives in KUBERNETES_EXEC_INFO. */
  #execInfo(): string {
    const spec: Record<string, unknown> = { interactive: this.#interactive() };
    if (this.config.provideClusterInfo) {
      const { server, certificateAuthorityData, insecureSkipTLSVerify, execExtension } = this.cluster;
      spec['cluster'] = {
        server,
        ...(insecureSkipTLSVerify ? { 'insecure-skip-tls-verify': true } : {}),
        ...(certificateAuthorityData ? { 'certificate-authority-data': Buffer.from(certificateAuthorityData).toString('base64') } : {}),
        ...(execExtension !== undefined ? { config: execExtension } : {}),
      };
    }
    return JSON.stringify({ kind: 'ExecCredential', apiVersion: this.config.apiVersion, spec });
  }

  #run(): Promise<ExecCredentials> {
    const env: NodeJS.ProcessEnv = { ...process.env, KUBERNETES_EXEC_INFO: this.#execInfo() };
    for (const { name, value } of this.config.env ?? []) env[name] = value;
    return new Promise((resolveRun, reject) => {
      execFile(this.#command, this.config.args ?? [], { env, timeout: PLUGIN_TIMEOUT_MS, maxBuffer: 1 << 20 }, (error, stdout) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          const hint = this.config.installHint ? `\n\n${this.config.installHint}` : '';
          reject(new Error(missing ? `exec: executable ${this.config.command} not found${hint}` : `exec: executable ${this.config.command} failed: ${error.message}`, { cause: error }));
          return;
        }
        try {
          resolveRun(this.#parse(stdout));
        } catch (parseError) {
          reject(parseError);
        }
      });
    });
  }

  /** client-go's checks of the plugin's answer, with its messages. */
  #parse(stdout: string): ExecCredentials {
    let credential: { apiVersion?: string; status?: ExecCredentialStatus };
    try {
      credential = JSON.parse(stdout) as typeof credential;
    } catch (error) {
      throw new Error(`decoding stdout: ${(error as Error).message}`);
    }
    if (credential.apiVersion !== this.config.apiVersion) {
      throw new Error(`exec plugin is configured to use API version ${this.config.apiVersion}, plugin returned version ${credential.apiVersion ?? ''}`);
    }
    const status = credential.status;
    if (!status) throw new Error("exec plugin didn't return a status field");
    const { token, clientCertificateData: cert, clientKeyData: key } = status;
    if (!token && !cert && !key) throw new Error("exec plugin didn't return a token or cert/key pair");
    if (Boolean(cert) !== Boolean(key)) throw new Error('exec plugin returned only certificate or key, not both');
    const expiresAt = status.expirationTimestamp ? Date.parse(status.expirationTimestamp) : undefined;
    return { ...(token ? { token } : {}), ...(cert && key ? { clientCertificateData: cert, clientKeyData: key } : {}), ...(expiresAt !== undefined && !Number.isNaN(expiresAt) ? { expiresAt } : {}) };
  }
}
