// A minimal HTTP server over the discovery and OpenAPI builders, for tests that drive real
// clients (kubectl explain, api-resources, create/apply). Object paths are a plain in-memory map
// (POST stores the body, GET reads it, PATCH answers the stored object unchanged): enough to see
// what kubectl sends. Listens on 127.0.0.1, port 0. Not the product router.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { discoveryRoutes } from '../../server/discovery-routes.js';
import type { RequestContext } from '../context.js';
import { parseRequestInfo, splitRequestTarget } from '../request-info.js';

export interface TestServer {
  url: string;
  /** Requests so far: method, path with query, Accept and Content-Type headers. */
  requests: { method: string; path: string; accept: string; contentType: string }[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

/** The in-memory object paths: POST to a collection stores `<collection>/<metadata.name>`. */
function objects(objectsByPath: Map<string, unknown>, req: IncomingMessage, res: ServerResponse, path: string, body: string): boolean {
  if (req.method === 'POST') {
    const object = JSON.parse(body) as { metadata?: { name?: string } };
    objectsByPath.set(`${path}/${object.metadata?.name ?? ''}`, object);
    send(res, 201, object);
    return true;
  }
  const stored = objectsByPath.get(path);
  if ((req.method === 'GET' || req.method === 'PATCH') && stored !== undefined) {
    send(res, 200, stored);
    return true;
  }
  return false;
}

/** Discovery, version and OpenAPI through the product's document routes; 404 for anything else. */
async function route(documents: ReturnType<typeof discoveryRoutes>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { path, query } = splitRequestTarget(req.url ?? '/');
  const info = parseRequestInfo(req.method ?? 'GET', path, query);
  const ctx: RequestContext = { req, res, path, query, auditId: 'test', info, warnings: [], signal: new AbortController().signal };
  if (!(await documents(ctx))) send(res, 404, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 });
}

/** Starts the server; `close()` stops it. */
export async function startTestServer(defs: readonly ResourceDefinition[]): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const stored = new Map<string, unknown>();
  const documents = discoveryRoutes(() => defs);
  let address = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', accept: req.headers.accept ?? '', contentType: req.headers['content-type'] ?? '' });
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (!objects(stored, req, res, path, Buffer.concat(chunks).toString('utf8'))) void route(documents, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  address = `127.0.0.1:${port}`;
  return {
    url: `http://${address}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
