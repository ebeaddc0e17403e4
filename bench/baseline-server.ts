// The reference server for throughput: node:https with kplane's TLS, doing the least a JSON API can do.
// POST parses the JSON body and answers it re-serialized (201); GET answers a fixed JSON document.
// Run as a child process (`node baseline-server.js <certDir> <getBodyFile>`), like kplane's CLI, so both
// get a process of their own; it prints `baseline: listening on <port>` when ready.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { kplaneTlsOptions } from './tls.js';

/** A listening baseline server on 127.0.0.1 and a free port. */
export async function startBaselineServer(certDir: string, getBody: string): Promise<{ server: Server; port: number }> {
  const server = createServer({ ...kplaneTlsOptions(certDir), keepAlive: true }, (req, res) => handle(req, res, getBody));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('baseline server has no TCP address');
  return { server, port: address.port };
}

function handle(req: IncomingMessage, res: ServerResponse, getBody: string): void {
  if (req.method === 'GET') return send(res, 200, getBody);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    try {
      send(res, 201, JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    } catch {
      send(res, 400, '{"error":"bad json"}');
    }
  });
}

function send(res: ServerResponse, code: number, body: string): void {
  const bytes = Buffer.from(body);
  res.writeHead(code, { 'content-type': 'application/json', 'content-length': bytes.length });
  res.end(bytes);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [certDir, getBodyFile] = process.argv.slice(2);
  if (certDir === undefined || getBodyFile === undefined) {
    console.error('usage: baseline-server.js <certDir> <getBodyFile>');
    process.exit(2);
  }
  const { port } = await startBaselineServer(certDir, readFileSync(getBodyFile, 'utf8'));
  // Exit through process.exit so that `--cpu-prof` writes its profile, as kplane's CLI does.
  process.once('SIGTERM', () => process.exit(0));
  console.log(`baseline: listening on ${port}`);
}
