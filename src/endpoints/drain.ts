// Waiting for a response to take more: streamed bodies (watch events, long lists) write while the
// response takes them and wait for its 'drain' otherwise, so a slow client holds back the writer
// instead of the whole body piling up in memory.
import type { ApiResponse, RequestContext } from './context.js';

/** Whether nothing more can be written: the response ended, or was destroyed (client gone, request timeout). */
export function responseClosed(res: Pick<ApiResponse, 'writableEnded' | 'destroyed' | 'stream'>): boolean {
  return res.writableEnded || (res.stream ? res.stream.destroyed : res.destroyed === true);
}

/** What is written to: the response, or a stream in front of it (a body's gzip stream). */
export interface DrainEmitter {
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

/**
 * Resolves true when the response (or `writer`, which feeds it) drains, false when it closes (or `signal` aborts) first. An HTTP/1 response
 * queued behind another on a pipelining connection has no socket yet: when the connection dies it emits
 * neither 'drain' nor 'close', so the connection's own 'close' ends the wait too.
 */
export function drained(ctx: Pick<RequestContext, 'req' | 'res'>, signal?: AbortSignal, writer: DrainEmitter = ctx.res): Promise<boolean> {
  const connection = ctx.res.stream ? undefined : ctx.req.socket;
  // A response closed already emits no 'close' again.
  if (responseClosed(ctx.res) || connection?.destroyed || signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      writer.off('drain', onDrain);
      ctx.res.off('close', onClose);
      connection?.off('close', onClose);
      signal?.removeEventListener('abort', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    writer.once('drain', onDrain);
    ctx.res.once('close', onClose);
    connection?.once('close', onClose);
    signal?.addEventListener('abort', onClose, { once: true });
  });
}
