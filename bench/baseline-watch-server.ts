// The reference for watch fan-out: an HTTP/2 server with kplane's TLS and the same compatibility API
// (request/response) that keeps every `?watch` GET open and, on each POST, parses the JSON body, builds
// one `{"type":"ADDED","object":...}` line and writes it to every open watch. What kplane does beyond
// this (storage, validation, cache, per-watcher filtering) is what the fan-out ratio measures.
import { createSecureServer, type Http2SecureServer, type Http2ServerResponse } from 'node:http2';
import { kplaneTlsOptions } from './tls.js';

/** A running baseline watch server. */
export interface BaselineWatchServer {
  url: string;
  /** Open watch streams. */
  watchers(): number;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 and a free port, with the certificates in `certDir`. */
export async function startBaselineWatchServer(certDir: string): Promise<BaselineWatchServer> {
  const streams = new Set<Http2ServerResponse>();
  const server: Http2SecureServer = createSecureServer({ ...kplaneTlsOptions(certDir), allowHTTP1: true }, (req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('');
      streams.add(res);
      res.once('close', () => streams.delete(res));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      const frame = Buffer.from(`{"type":"ADDED","object":${json}}\n`);
      for (const watcher of streams) watcher.write(frame);
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('baseline watch server has no TCP address');
  return {
    url: `https://127.0.0.1:${address.port}`,
    watchers: () => streams.size,
    close: () =>
      new Promise((resolve) => {
        for (const res of streams) res.stream.close();
        server.close(() => resolve());
      }),
  };
}
