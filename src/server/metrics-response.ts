// The /metrics answer as kube-apiserver 1.25's handler writes it (component-base's legacyregistry over
// client_golang 1.12's promhttp): the Prometheus text, gzip-compressed whenever the scraper's Accept-Encoding has
// a gzip token, whatever its size (promhttp's gzipAccepted: `gzip` or `gzip;...`), at zlib's default level.
// Prometheus asks for gzip on every scrape.
import { constants as zlib } from 'node:zlib';
import { gzipBody } from '../endpoints/compression.js';
import type { RequestContext } from '../endpoints/context.js';
import { writeRaw } from '../endpoints/responses.js';

/** promhttp's gzipAccepted: a comma-separated token, trimmed, that is `gzip` or begins `gzip;`. */
export function promhttpAcceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const token = part.trim();
    return token === 'gzip' || token.startsWith('gzip;');
  });
}

export async function writeMetrics(ctx: RequestContext, contentType: string, text: string): Promise<void> {
  if (!promhttpAcceptsGzip(ctx.req.headers['accept-encoding'])) return writeRaw(ctx, 200, contentType, text);
  const compressed = await gzipBody(text, zlib.Z_DEFAULT_COMPRESSION);
  writeRaw(ctx, 200, contentType, compressed, { 'content-encoding': 'gzip' });
}
