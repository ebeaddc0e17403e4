// Where a streamed list's chunks go once its head is written: straight to the response, or through a gzip
// stream (compression.ts) when the client asked for it and the list is large. Either way a chunk is written
// once the response took the one before, so a slow client holds back the writer (drain.ts).
import type { RequestContext } from './context.js';
import { compressedHeaders, gzipStream } from './compression.js';
import { drained } from './drain.js';
import { writeHeadOnly } from './responses.js';

export interface ListBody {
  /** True when the response takes more at once; else resolves false when it closed instead of draining. */
  write(chunk: Buffer): boolean | Promise<boolean>;
  /** Writes the last chunk; resolves once everything was handed to the response (or it closed). */
  end(chunk: Buffer): Promise<void>;
}

/** Writes the head (200, no length) and opens the body; undefined for a HEAD request, which has none. */
export function openListBody(ctx: RequestContext, contentType: string, compress: boolean): ListBody | undefined {
  writeHeadOnly(ctx, 200, contentType, compress ? compressedHeaders(undefined) : undefined);
  if (ctx.req.method === 'HEAD') {
    ctx.res.end();
    return undefined;
  }
  return compress ? gzipBody(ctx) : plainBody(ctx);
}

function plainBody(ctx: RequestContext): ListBody {
  let bytes = 0;
  return {
    write: (chunk) => {
      bytes += chunk.length;
      ctx.responseBytes = bytes; // what was handed over, should the response close
      return ctx.res.write(chunk) || drained(ctx);
    },
    end: async (chunk) => {
      ctx.responseBytes = bytes + chunk.length;
      ctx.res.end(chunk);
    },
  };
}

/**
 * The gzip stream's output goes to the response as it comes; while the response is full the stream is paused,
 * so its own buffer fills and its writer waits. Every wait also ends when the stream is gone: destroyed when
 * the response closes, when the wait for the response ended without a drain (an HTTP/1 response queued behind
 * another on a connection that died emits neither 'drain' nor 'close': drain.ts), or when zlib failed.
 * Counted bytes are the compressed ones, as upstream's metrics count what reaches the connection.
 */
function gzipBody(ctx: RequestContext): ListBody {
  const gz = gzipStream();
  const gone = new AbortController();
  gz.once('close', () => gone.abort());
  let bytes = 0;
  gz.on('data', (data: Buffer) => {
    bytes += data.length;
    ctx.responseBytes = bytes;
    if (ctx.res.write(data)) return;
    gz.pause();
    void drained(ctx, gone.signal).then((ok) => (ok ? gz.resume() : gz.destroy()));
  });
  // 'close' follows 'end' (the stream destroys itself once done) or a destroy.
  const finished = new Promise<void>((resolve) => gz.once('close', resolve));
  gz.once('end', () => ctx.res.end());
  ctx.res.once('close', () => gz.destroy());
  // zlib fails only on its own faults; the response cannot be completed then.
  gz.on('error', (error) => ctx.res.destroy(error));
  return {
    write: (chunk) => !gz.destroyed && (gz.write(chunk) || drained(ctx, gone.signal, gz)),
    end: (chunk) => {
      gz.end(chunk);
      return finished;
    },
  };
}
