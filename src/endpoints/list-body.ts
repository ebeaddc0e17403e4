// Where a streamed list's chunks go once its head is written: straight to the response, or through a gzip
// stream (compression.ts) when the client asked for it and the list is large. Either way a chunk is written
// once the response took the one before, so a slow client holds back the writer (drain.ts).
import type { RequestContext } from './context.js';
import { compressedHeaders, gzipStream } from './compression.js';
import { drained } from './drain.js';
import { writeHeadOnly } from './responses.js';

export interface ListBody {
  /** Resolves false when the response closed instead of taking more. */
  write(chunk: Buffer): Promise<boolean>;
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
    write: async (chunk) => {
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
 * so its own buffer fills and its writer waits. Counted bytes are the compressed ones, as upstream's metrics
 * count what reaches the connection.
 */
function gzipBody(ctx: RequestContext): ListBody {
  const gz = gzipStream();
  let bytes = 0;
  gz.on('data', (data: Buffer) => {
    bytes += data.length;
    ctx.responseBytes = bytes;
    if (!ctx.res.write(data)) {
      gz.pause();
      ctx.res.once('drain', () => gz.resume());
    }
  });
  const finished = new Promise<void>((resolve) => {
    gz.once('end', () => {
      ctx.res.end();
      resolve();
    });
    ctx.res.once('close', () => {
      gz.destroy();
      resolve();
    });
  });
  // zlib fails only on its own faults; the response cannot be completed then.
  gz.on('error', (error) => ctx.res.destroy(error));
  return {
    // Once the response closed, the stream is destroyed: nothing more is written to it.
    write: async (chunk) => !gz.destroyed && (gz.write(chunk) || drained(ctx, undefined, gz)),
    end: (chunk) => {
      gz.end(chunk);
      return finished;
    },
  };
}
