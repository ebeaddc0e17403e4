// Test support: raw HTTPS requests with the admin client certificate, for exact status codes and bodies.
import { connect as connectHttp2, type ClientHttp2Session } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { connect, type TLSSocket } from 'node:tls';
import YAML from 'yaml';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes (protobuf answers). */
  bytes: Buffer;
  json(): unknown;
}

export interface RawClient {
  request(method: string, path: string, options?: { body?: string | Buffer; contentType?: string; accept?: string; headers?: Record<string, string>; anonymous?: boolean }): Promise<RawResponse>;
}

interface Kubeconfig {
  clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
  users: { user: { 'client-certificate-data': string; 'client-key-data': string } }[];
}

export function rawClient(kubeconfig: string): RawClient {
  const config = YAML.parse(kubeconfig) as Kubeconfig;
  const cluster = config.clusters[0]!.cluster;
  const user = config.users[0]!.user;
  const decode = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');
  const base = new URL(cluster.server);
  return {
    request(method, path, options = {}) {
      return new Promise((resolve, reject) => {
        const headers: Record<string, string | number> = { accept: options.accept ?? 'application/json', ...options.headers };
        if (options.body !== undefined) {
          headers['content-type'] = options.contentType ?? 'application/json';
          headers['content-length'] = Buffer.byteLength(options.body);
        }
        const req = httpsRequest(
          {
            host: base.hostname,
            port: base.port,
            method,
            path,
            headers,
            ca: decode(cluster['certificate-authority-data']),
            ...(options.anonymous ? {} : { cert: decode(user['client-certificate-data']), key: decode(user['client-key-data']) }),
            agent: false,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const bytes = Buffer.concat(chunks);
              const body = bytes.toString('utf8');
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytes, json: () => JSON.parse(body) as unknown });
            });
          },
        );
        req.on('error', reject);
        req.end(options.body);
      });
    },
  };
}

/** An HTTP/2 session with the admin kubeconfig's credentials (the caller destroys it). */
export function adminHttp2Session(kubeconfig: string): ClientHttp2Session {
  const { host, port, ca, cert, key } = tlsOptions(kubeconfig);
  // The URL's hostname keeps an IPv6 address's brackets.
  return connectHttp2(`https://${host}:${port}`, { ca, cert, key });
}

interface TlsOptions {
  host: string;
  port: number;
  ca: string;
  cert: string;
  key: string;
}

function tlsOptions(kubeconfig: string): TlsOptions {
  const config = YAML.parse(kubeconfig) as Kubeconfig;
  const decode = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');
  const url = new URL(config.clusters[0]!.cluster.server);
  const user = config.users[0]!.user;
  return { host: url.hostname, port: Number(url.port), ca: decode(config.clusters[0]!.cluster['certificate-authority-data']), cert: decode(user['client-certificate-data']), key: decode(user['client-key-data']) };
}

/** Parses an HTTP/1.1 answer once it is complete (by Content-Length, the last chunk, or `closed`). */
function parseAnswer(raw: Buffer, closed: boolean): RawResponse | undefined {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return closed ? { status: 0, headers: {}, body: '', bytes: Buffer.alloc(0), json: () => undefined } : undefined;
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let payload = text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    if (!closed && !payload.endsWith('0\r\n\r\n')) return undefined;
    payload = dechunk(payload);
  } else if (!closed && headers['content-length'] !== undefined && Buffer.byteLength(payload) < Number(headers['content-length'])) {
    return undefined;
  } else if (!closed && headers['content-length'] === undefined) {
    return undefined;
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: payload, bytes: Buffer.from(payload), json: () => JSON.parse(payload) as unknown };
}

/**
 * Writes `head` (and `body`) on a fresh HTTP/1.1 TLS connection with the admin certificate and reads one
 * answer; the socket stays open until then. For what Node's client will not send: CONNECT as a plain
 * request, bodies shorter than their Content-Length (a stalled upload).
 */
export function exchangeHttp1(kubeconfig: string, head: string, body?: Buffer): Promise<RawResponse> {
  const options = tlsOptions(kubeconfig);
  return new Promise((resolve, reject) => {
    const socket: TLSSocket = connect({ ...options, servername: 'localhost', ALPNProtocols: ['http/1.1'] }, () => {
      socket.write(head);
      if (body) socket.write(body);
    });
    const chunks: Buffer[] = [];
    const done = (closed: boolean): void => {
      const answer = parseAnswer(Buffer.concat(chunks), closed);
      if (!answer) return;
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      done(false);
    });
    socket.on('error', reject);
    socket.on('close', () => done(true));
  });
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!(size > 0)) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}
