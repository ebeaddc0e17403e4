// Test support: raw HTTPS requests with the admin client certificate, for exact status codes and bodies.
import { request as httpsRequest } from 'node:https';
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
