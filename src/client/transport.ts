// How a client reaches a server: one request with its whole answer, or a streamed answer (watch). The
// loopback transport is the in-process controllers' way in: plain HTTP/1.1 over a Unix domain socket that
// only this process knows, through the same filter chain as every client, with a bearer token naming the
// controller's identity (upstream's loopback client config, with one token per identity).
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';

export interface TransportResponse {
  status: number;
  body: string;
}

export interface TransportRequest {
  body?: string;
  contentType?: string;
  /** Bounds the request: no answer within this many ms ends it with an error. */
  timeoutMs?: number;
  /** The Accept header; `application/json` when not given. */
  accept?: string;
}

/** A streamed answer: its status and its body as it arrives. */
export interface TransportStream {
  status: number;
  body: AsyncIterable<Buffer>;
}

export interface Transport {
  request(method: string, path: string, options?: TransportRequest): Promise<TransportResponse>;
  /** A GET whose body is read as it arrives, until `signal` aborts or the server ends it. */
  stream(path: string, signal: AbortSignal, accept?: string): Promise<TransportStream>;
  /** Closes the connections kept open. */
  close(): void;
}

/** Connections one identity keeps for its requests (client-go's default QPS makes a similar bound). */
const MAX_REQUEST_CONNECTIONS = 64;

/** Every request but a stream ends within this bound (kube-apiserver's own `--request-timeout` default). */
const DEFAULT_TIMEOUT_MS = 60_000;

/** Plain HTTP over the Unix domain socket at `socketPath`, as `token`'s user with `userAgent`. */
export function loopbackTransport(socketPath: string, token: string, userAgent: string): Transport {
  // Requests share a bounded pool of kept-alive connections (more would only queue in the server, and a
  // burst of new connections overflows the socket's backlog: EAGAIN); watches hold theirs, so they have
  // their own, unbounded agent.
  const agents = { request: new Agent({ keepAlive: true, maxSockets: MAX_REQUEST_CONNECTIONS }), stream: new Agent({ keepAlive: false }) };
  const headers = (extra: Record<string, string | number> = {}): Record<string, string | number> =>
    ({ authorization: `Bearer ${token}`, 'user-agent': userAgent, accept: 'application/json', ...extra });
  const send = (method: string, path: string, options: TransportRequest, signal?: AbortSignal) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const accept: Record<string, string> = options.accept === undefined ? {} : { accept: options.accept };
      const head = options.body === undefined ? headers(accept)
        : headers({ ...accept, 'content-type': options.contentType ?? 'application/json', 'content-length': Buffer.byteLength(options.body) });
      const agent = signal ? agents.stream : agents.request;
      const req = httpRequest({ socketPath, path, method, agent, headers: head, ...(signal ? { signal } : {}) }, resolve);
      const { timeoutMs } = options;
      if (timeoutMs !== undefined) req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(options.body);
    });
  return {
    async request(method, path, options = {}) {
      const res = await send(method, path, { timeoutMs: DEFAULT_TIMEOUT_MS, ...options });
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') };
    },
    async stream(path, signal, accept) {
      const res = await send('GET', path, accept === undefined ? {} : { accept }, signal);
      return { status: res.statusCode ?? 0, body: res };
    },
    close() {
      agents.request.destroy();
      agents.stream.destroy();
    },
  };
}
