// A small HTTP/2 client for setting the stage (namespaces, thousands of ConfigMaps) and for timed reads;
// the throughput figures themselves come from wrk.
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { BENCH_CLUSTER_ROLE, benchRoleBinding, configMap, namespace } from './fixtures.js';

/** A response whose body was read whole. */
export interface ApiResponse {
  status: number;
  body: string;
}

/** The HTTP/2 receive windows a client announces: per stream (SETTINGS_INITIAL_WINDOW_SIZE) and per connection. */
export interface ReceiveWindows {
  stream: number;
  connection: number;
}

/**
 * Go's HTTP/2 transport (golang.org/x/net/http2, which client-go uses): 4 MiB per stream, 1 GiB per connection.
 * A response larger than the stream window waits for the client's WINDOW_UPDATEs, one round trip through both
 * event loops per half window: a 10 MB list takes ~320 of them with node:http2's default 64 KiB.
 */
export const CLIENT_GO_WINDOWS: ReceiveWindows = { stream: 4 << 20, connection: 1 << 30 };

/** node:http2's default stream window (RFC 9113's initial 65,535 bytes), with a 32 MiB connection window. */
export const NODE_DEFAULT_WINDOWS: ReceiveWindows = { stream: 65_535, connection: 32 << 20 };

/**
 * An HTTP/2 session to kplane authenticating with a bearer token. The server closes a session idle for 90 s
 * (upstream's IdleTimeout), as between two scenarios: the next request then opens another, as client-go's
 * transport does.
 */
export class ApiClient {
  #session: ClientHttp2Session;
  readonly #token: string;
  readonly #url: string;
  readonly #flow: ReceiveWindows;

  private constructor(session: ClientHttp2Session, token: string, url: string, flow: ReceiveWindows) {
    this.#session = session;
    this.#token = token;
    this.#url = url;
    this.#flow = flow;
  }

  /**
   * Connects (the certificate is kplane's generated one: not verified, this is a local benchmark), announcing
   * the receive windows `flow` gives (by default client-go's, as kubectl's and the controllers' connections do).
   */
  static async connect(url: string, token: string, flow: ReceiveWindows = CLIENT_GO_WINDOWS): Promise<ApiClient> {
    const session = openSession(url, flow);
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    return new ApiClient(session, token, url, flow);
  }

  /** One request; the body is kept as text. */
  async request(method: string, path: string, body?: unknown): Promise<ApiResponse> {
    const chunks: Buffer[] = [];
    const status = await this.#send(method, path, body, (chunk) => chunks.push(chunk));
    return { status, body: Buffer.concat(chunks).toString('utf8') };
  }

  /** One request whose body is only counted (timed reads should not pay for keeping it). */
  async requestDiscarding(method: string, path: string): Promise<{ status: number; bytes: number }> {
    let bytes = 0;
    const status = await this.#send(method, path, undefined, (chunk) => (bytes += chunk.length));
    return { status, bytes };
  }

  /** Like request(), but throws unless the status is `expected`. */
  async expect(expected: number, method: string, path: string, body?: unknown): Promise<string> {
    const response = await this.request(method, path, body);
    if (response.status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${response.status}: ${response.body.slice(0, 500)}`);
    return response.body;
  }

  /** Creates a namespace (201). */
  async createNamespace(name: string): Promise<void> {
    await this.expect(201, 'POST', '/api/v1/namespaces', namespace(name));
  }

  /**
   * As an admin: creates namespace `name` and grants the bench users (and the namespace's service accounts)
   * the scenarios' verbs in it through RBAC; resolves once `user` is authorized there (bindings reach the
   * authorizer through its informers).
   */
  async createBenchNamespace(name: string, user: ApiClient): Promise<void> {
    await this.createNamespace(name);
    const role = await this.request('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', BENCH_CLUSTER_ROLE);
    if (role.status !== 201 && role.status !== 409) throw new Error(`creating the bench ClusterRole: ${role.status} ${role.body.slice(0, 300)}`);
    await this.expect(201, 'POST', `/apis/rbac.authorization.k8s.io/v1/namespaces/${name}/rolebindings`, benchRoleBinding(name));
    for (let attempt = 0; (await user.request('GET', `/api/v1/namespaces/${name}/configmaps?limit=1`)).status !== 200; attempt++) {
      if (attempt > 200) throw new Error(`the bench user was not authorized in ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Creates `count` ~1 KB ConfigMaps named `<prefix><i>` with `concurrency` requests in flight. */
  async createConfigMaps(ns: string, count: number, concurrency: number, prefix = 'cm-'): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < count) {
        const i = next++;
        await this.expect(201, 'POST', `/api/v1/namespaces/${ns}/configmaps`, configMap({ name: `${prefix}${String(i).padStart(6, '0')}` }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  }

  close(): void {
    this.#session.close();
  }

  async #send(method: string, path: string, body: unknown, onData: (chunk: Buffer) => void): Promise<number> {
    const session = this.#liveSession();
    try {
      return await this.#exchange(session, method, path, body, onData);
    } catch (error) {
      // Sent while the server's GOAWAY (an idle session) was on its way: once more on a new session, as
      // client-go retries a request the server did not take.
      if (!(error instanceof NotAnswered) || !(session.closed || session.destroyed)) throw error instanceof NotAnswered ? (error.cause as Error) : error;
      return this.#exchange(this.#liveSession(), method, path, body, onData);
    }
  }

  #liveSession(): ClientHttp2Session {
    if (this.#session.closed || this.#session.destroyed) this.#session = openSession(this.#url, this.#flow);
    return this.#session;
  }

  #exchange(session: ClientHttp2Session, method: string, path: string, body: unknown, onData: (chunk: Buffer) => void): Promise<number> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = {
      [constants.HTTP2_HEADER_METHOD]: method,
      [constants.HTTP2_HEADER_PATH]: path,
      authorization: `Bearer ${this.#token}`,
      accept: 'application/json',
    };
    if (payload) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      let status = 0;
      let stream;
      try {
        stream = session.request(headers, { endStream: payload === undefined });
      } catch (error) {
        reject(new NotAnswered(error));
        return;
      }
      if (payload) stream.end(payload);
      stream.once('response', (h) => (status = Number(h[constants.HTTP2_HEADER_STATUS])));
      stream.on('data', onData);
      stream.once('end', () => resolve(status));
      stream.once('error', (error) => reject(status === 0 ? new NotAnswered(error) : error));
    });
  }
}

/** A request that failed before any answer came. */
class NotAnswered extends Error {
  constructor(cause: unknown) {
    super('request not answered', { cause });
  }
}

/** A session announcing `flow`'s windows (the connection's once connected; requests wait for it). */
function openSession(url: string, flow: ReceiveWindows): ClientHttp2Session {
  const session = connect(url, { rejectUnauthorized: false, peerMaxConcurrentStreams: 1000, settings: { initialWindowSize: flow.stream } });
  session.once('connect', () => session.setLocalWindowSize(flow.connection));
  // A session the server closed (idle) is replaced at the next request; its errors end its streams.
  session.on('error', () => undefined);
  return session;
}
