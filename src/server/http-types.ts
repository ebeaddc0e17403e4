import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

/**
 * A request as the listener delivers it: Node's HTTP/2 compatibility request for h2 connections,
 * the plain HTTP/1 request for `http/1.1` ones (the secure server runs with `allowHTTP1`).
 */
export type HttpRequest = IncomingMessage | Http2ServerRequest;

/** The response matching {@link HttpRequest}. */
export type HttpResponse = ServerResponse | Http2ServerResponse;

/** A request handler as the listener calls it; errors are the handler's own to answer. */
export type HttpHandler = (req: HttpRequest, res: HttpResponse) => void;

/**
 * The streaming surface both response types share. `HttpResponse#write` is not callable on the
 * union (the two `write` overload sets differ), so code that streams a body (watch) takes an
 * `HttpResponse` and uses it as a `BodyWriter`: `const body: BodyWriter = res`.
 */
export interface BodyWriter {
  write(chunk: string | Uint8Array): boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
}
