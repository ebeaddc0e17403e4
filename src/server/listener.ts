import { constants } from 'node:crypto';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { isIP } from 'node:net';
import type { HttpHandler, HttpRequest, HttpResponse } from './http-types.js';
import type { Pki } from './pki/pki.js';
import { servingTls, type ServingTls } from './tls-settings.js';
import { startLongTimer } from '../endpoints/long-timer.js';
import { parseRequestHead, refuseUnparsable, requestOf } from './unknown-methods.js';

/** Go's http.Server MaxHeaderBytes as kube-apiserver sets it. */
export const MAX_HEADER_BYTES = 1 << 20;

/**
 * Upstream 1.25 SecureServingInfo's HTTP/2 server: 250 streams per connection unless
 * `--http2-max-streams-per-connection` says otherwise (golang's default, made explicit there), a receive window
 * and largest frame of 256 KiB per stream ("at least 99% of serialized resources" are smaller, so most request
 * bodies arrive in one frame without waiting for a window update), and a connection window of that per stream.
 */
export const DEFAULT_HTTP2_MAX_STREAMS = 250;
const HTTP2_STREAM_BUFFER = 256 * 1024;
/**
 * Upstream's IdleTimeout for HTTP/1 connections and HTTP/2 sessions alike ("matches http.DefaultTransport
 * keep-alive timeout"): a connection with nothing in progress for this long is closed, an HTTP/2 one with GOAWAY.
 */
export const IDLE_TIMEOUT_MS = 90_000;
/**
 * Upstream's ReadHeaderTimeout ("just shy of requestTimeoutUpperBound"): an HTTP/1 connection whose next
 * request's headers have not all arrived this long after it began (or after the connection opened) is closed.
 * Node's headersTimeout, which its HTTP/2 server also applies to HTTP/1 connections, checked as often as the
 * idle connections are.
 */
export const READ_HEADER_TIMEOUT_MS = 32_000;
/** Idle connections are looked for this many times per timeout: they close within 1.12× of it. */
const IDLE_CHECKS_PER_TIMEOUT = 8;
/** RFC 9113's largest flow-control window. */
const MAX_HTTP2_WINDOW = 2 ** 31 - 1;

/** Options of {@link listen}. */
export interface ListenOptions {
  /** TCP port; 0 picks a free one (reported by the result). */
  readonly port: number;
  /** Address to bind, e.g. `127.0.0.1`, `::`, `0.0.0.0`. */
  readonly host: string;
  /** Serving certificate and key, and the CA trusted for client certificates. */
  readonly pki: Pick<Pki, 'caCert' | 'servingCert' | 'servingKey'>;
  /** Authorities (PEM bundles) whose client certificates TLS asks for and verifies; default `pki.caCert`. */
  readonly clientCAs?: readonly string[];
  /** Minimum version and cipher suites (server/tls-settings.ts); default TLS 1.2 and Go's default suites. */
  readonly tls?: Pick<ServingTls, 'minVersion' | 'ciphers'>;
  readonly handler: HttpHandler;
  /** How long {@link Listener.close} lets in-flight requests run before cutting connections; default 1000 ms. */
  readonly shutdownGraceMs?: number;
  /** How long a connection may stay open without a request or stream in progress; default {@link IDLE_TIMEOUT_MS}. */
  readonly idleTimeoutMs?: number;
  /** How long an HTTP/1 request's line and headers may take to arrive; default {@link READ_HEADER_TIMEOUT_MS}. */
  readonly readHeaderTimeoutMs?: number;
  /** How long a TLS handshake may take; default `readHeaderTimeoutMs`, as Go's server bounds it. */
  readonly tlsHandshakeTimeoutMs?: number;
  /** Called for each connection whose TLS handshake failed (Go's server logs `http: TLS handshake error from`). */
  readonly onTlsHandshakeError?: () => void;
  /** `--http2-max-streams-per-connection`; 0, negative or unset: {@link DEFAULT_HTTP2_MAX_STREAMS}. */
  readonly http2MaxStreamsPerConnection?: number;
}

/** A running HTTPS listener. */
export interface Listener {
  readonly server: Http2SecureServer;
  /** The bound port (the chosen one when `port` was 0). */
  readonly port: number;
  /** Base URL clients can dial, e.g. `https://127.0.0.1:6443` (loopback for a wildcard bind). */
  readonly url: string;
  /**
   * Stops accepting, closes idle connections at once, asks HTTP/2 clients to go away, and destroys
   * whatever is still open (watches, slow requests) after the grace period. Resolves when closed.
   */
  close(options?: { readonly graceMs?: number }): Promise<void>;
  /** Serves a new certificate (with its chain) and key to new connections (`--tls-cert-file` rotation). */
  setServingCertificate(cert: string, key: string): void;
}

/**
 * Starts the HTTPS listener: HTTP/2 and HTTP/1.1 chosen by ALPN on one port, TLS as `tls` says
 * (default: 1.2+ with Go's suites), client certificates requested but not required. Verification against the CA is done by TLS; the result
 * is left for authentication to read (`socket.authorized`), so requests without a certificate
 * or with an untrusted one still reach the handler (spec 2-access-control §Authentication).
 */
export async function listen(options: ListenOptions): Promise<Listener> {
  const tls = options.tls ?? servingTls({});
  const secureContext = (cert: string, key: string) => ({
    minVersion: tls.minVersion,
    ciphers: tls.ciphers,
    // Go's server picks the suite by its own preference order, not the client's.
    honorCipherOrder: true,
    // As Go's server: no TLS 1.2 renegotiation, so a connection's client certificate never changes
    // (authentication relies on that to remember the identity per connection).
    secureOptions: constants.SSL_OP_NO_RENEGOTIATION,
    ca: [...(options.clientCAs ?? [options.pki.caCert])],
    cert,
    key,
  });
  const requestedStreams = options.http2MaxStreamsPerConnection ?? 0;
  const maxStreams = requestedStreams > 0 ? requestedStreams : DEFAULT_HTTP2_MAX_STREAMS;
  const readHeaderTimeoutMs = options.readHeaderTimeoutMs ?? READ_HEADER_TIMEOUT_MS;
  const server = createSecureServer({
    // Go bounds the TLS handshake by the same read-header timeout.
    handshakeTimeout: options.tlsHandshakeTimeoutMs ?? readHeaderTimeoutMs,
    allowHTTP1: true,
    ALPNProtocols: ['h2', 'http/1.1'],
    requestCert: true,
    rejectUnauthorized: false,
    ...secureContext(options.pki.servingCert, options.pki.servingKey),
    settings: {
      // kube-apiserver's MaxHeaderBytes (1 MiB) for the request line and headers: long label selectors fit.
      maxHeaderListSize: MAX_HEADER_BYTES,
      maxConcurrentStreams: maxStreams,
      initialWindowSize: HTTP2_STREAM_BUFFER,
      maxFrameSize: HTTP2_STREAM_BUFFER,
    },
  });
  // Upstream MaxUploadBufferPerConnection: the stream buffer times the streams allowed, within HTTP/2's largest
  // window (from 8,192 streams on; upstream's int32 product wraps there and x/net falls back to 1 MiB).
  const connectionWindow = Math.min(HTTP2_STREAM_BUFFER * maxStreams, MAX_HTTP2_WINDOW);
  server.on('session', (session: Http2Session) => session.setLocalWindowSize(connectionWindow));
  // The HTTP/1 fallback's parser reads its limits from the server (Node's own default is 16 KiB of headers).
  // No limit on a whole request's arrival (Node's 300 s requestTimeout): upstream has none; the request timeout
  // filter bounds the handler that reads a body.
  Object.assign(server, {
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: readHeaderTimeoutMs,
    requestTimeout: 0,
    connectionsCheckingInterval: Math.max(1, readHeaderTimeoutMs / IDLE_CHECKS_PER_TIMEOUT),
  });
  const tracker = trackConnections(server, options.handler, options.idleTimeoutMs ?? IDLE_TIMEOUT_MS, readHeaderTimeoutMs);
  const onTlsError = options.onTlsHandshakeError;
  if (onTlsError) {
    server.on('tlsClientError', (_error: Error, socket: Socket) => {
      onTlsError();
      socket.destroy();
    });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  tracker.startIdleChecks();
  const port = boundPort(server);
  const defaultGraceMs = options.shutdownGraceMs ?? 1000;
  return {
    server,
    port,
    url: `https://${dialHost(options.host)}:${port}`,
    close: (closeOptions) => tracker.shutdown(closeOptions?.graceMs ?? defaultGraceMs),
    setServingCertificate: (cert, key) => server.setSecureContext(secureContext(cert, key)),
  };
}

interface ConnectionTracker {
  /** Starts closing idle connections (once listening: a failed listen leaves no timer behind). */
  startIdleChecks(): void;
  shutdown(graceMs: number): Promise<void>;
}

/**
 * What is in progress on a connection: HTTP/1 requests or HTTP/2 streams, since when there is none, and (HTTP/1)
 * how many bytes it had read then: bytes read since, such as a next request beginning to arrive, are activity.
 */
interface Activity {
  open: number;
  idleSince: number;
  bytesRead: number;
}

/** How long a session told to go away (GOAWAY) may take to close before it is destroyed (Go's goAwayTimeout). */
const GOAWAY_TIMEOUT_MS = 1_000;

/**
 * Tracks raw sockets, HTTP/2 sessions and in-flight HTTP/1 requests, so that shutdown can close
 * idle connections immediately and cut long-running ones (watch streams never end by themselves), and
 * connections idle for `idleTimeoutMs` are closed as upstream's IdleTimeout closes them (Node's HTTP/2 server
 * and its HTTP/1 fallback close none). A periodic check reads one timestamp per connection: per request, the
 * hot path only notes when its connection went idle.
 */
function trackConnections(server: Http2SecureServer, handler: HttpHandler, idleTimeoutMs: number, readHeaderTimeoutMs: number): ConnectionTracker {
  const sockets = new Set<Socket>();
  const sessions = new Map<Http2Session, Activity>();
  // HTTP/1 only; h2 sessions track their streams above. One record per connection (its TLS socket, which
  // 'connection' does not give), made when its handshake ends and dropped with the socket.
  const inFlight = new Map<Socket, Activity>();
  let closing = false;
  let idleCheck: ReturnType<typeof setInterval> | undefined;
  // Connections are closed whole, as Go closes them, whether or not the client closes its side: a client
  // that vanished is what the timeout is mostly for.
  const closeIdle = (): void => {
    const now = performance.now();
    const since = now - idleTimeoutMs;
    for (const [socket, activity] of inFlight) {
      if (activity.open > 0) continue;
      // Bytes since the last look: a request is arriving, which is the header timeout's to end if it stalls
      // (Go stops the idle timeout at a request's first byte), or one Node answered by itself was read (a failed
      // Expect). Idle again once the header timeout would have ended the first.
      if (socket.bytesRead !== activity.bytesRead) {
        activity.bytesRead = socket.bytesRead;
        activity.idleSince = now + Math.max(0, readHeaderTimeoutMs - idleTimeoutMs);
        continue;
      }
      if (activity.idleSince > since) continue;
      inFlight.delete(socket);
      socket.destroySoon();
    }
    for (const [session, activity] of sessions) {
      if (activity.open > 0 || activity.idleSince > since) continue;
      sessions.delete(session);
      session.close();
      setTimeout(() => session.destroy(), GOAWAY_TIMEOUT_MS).unref();
    }
  };

  server.on('secureConnection', (socket: TLSSocket) => {
    if (socket.alpnProtocol === 'h2') return;
    inFlight.set(socket, { open: 0, idleSince: performance.now(), bytesRead: socket.bytesRead });
    socket.once('close', () => inFlight.delete(socket));
  });

  server.on('connection', (socket: Socket) => {
    // API responses are small and latency-bound: send them at once (node:http does this by default;
    // the HTTP/2 server's HTTP/1 fallback does not).
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('session', (session: Http2Session) => {
    const activity: Activity = { open: 0, idleSince: performance.now(), bytesRead: 0 };
    sessions.set(session, activity);
    const streamClosed = (): void => {
      if (--activity.open === 0) activity.idleSince = performance.now();
    };
    session.on('stream', (stream: { once(event: 'close', listener: () => void): unknown }) => {
      activity.open++;
      stream.once('close', streamClosed);
    });
    session.once('close', () => sessions.delete(session));
    if (closing) session.close();
  });
  server.on('request', (req: HttpRequest, res: HttpResponse) => {
    // An HTTP/1 request's response is node:http's ServerResponse (the HTTP/2 server's fallback makes both).
    if (isHttp1(req)) trackHttp1Request(req.socket, res as ServerResponse);
    handler(req, res);
  });
  // Go's server handles CONNECT like any other method (a resource path answers 405); Node's HTTP/1
  // parser hands it to 'connect' for tunnels, and closes the socket when nobody listens. Served here
  // as one request with a response on that socket, which closes after it.
  server.on('connect', (req: IncomingMessage, socket: Socket) => serveLast(req, socket));
  // Methods llhttp does not know, which Go takes as any other (server/unknown-methods.ts); every other
  // parse error as Node answers it.
  const unknownMethodServed = new WeakSet<Socket>();
  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => {
    if (unknownMethodServed.has(socket)) return; // the parser stopped: what follows the request is not read
    const underway = (inFlight.get(socket)?.open ?? 0) > 0; // a pipelined request: one response at a time on a socket
    const head = error.code === 'HPE_INVALID_METHOD' && error.rawPacket && !underway ? parseRequestHead(error.rawPacket) : undefined;
    if (head === undefined) return refuseUnparsable(error, socket, underway);
    unknownMethodServed.add(socket);
    serveLast(requestOf(head, socket), socket);
  });

  /** Serves `req` on `socket` outside Node's parser; the connection closes after the response. */
  function serveLast(req: IncomingMessage, socket: Socket): void {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => socket.end());
    trackHttp1Request(socket, res);
    handler(req, res);
  }

  // This runs on every HTTP/1 request: one listener function for all responses (a response emits 'close'
  // once: Node's emitCloseNT), rather than a closure and a once-wrapper each, and a counter per connection
  // rather than a Map entry added and deleted per request.
  function trackHttp1Request(socket: Socket, res: ServerResponse): void {
    const connection = inFlight.get(socket);
    if (connection !== undefined) connection.open++;
    else if (!socket.destroyed) {
      // A request on a connection the idle check already let go, or one no handshake announced.
      inFlight.set(socket, { open: 1, idleSince: 0, bytesRead: 0 });
      socket.once('close', () => inFlight.delete(socket));
    }
    res.on('close', onHttp1ResponseClose);
  }

  function onHttp1ResponseClose(this: ServerResponse): void {
    const socket = this.req.socket;
    const connection = inFlight.get(socket);
    const remaining = connection === undefined ? 0 : --connection.open;
    if (remaining === 0 && connection !== undefined) {
      connection.idleSince = performance.now();
      connection.bytesRead = socket.bytesRead;
    }
    // During shutdown a keep-alive connection is closed as soon as its last response is done.
    if (closing && remaining <= 0) socket.destroy();
  }

  return {
    startIdleChecks(): void {
      idleCheck = setInterval(closeIdle, Math.max(1, idleTimeoutMs / IDLE_CHECKS_PER_TIMEOUT));
      idleCheck.unref();
    },
    shutdown(graceMs: number): Promise<void> {
      closing = true;
      clearInterval(idleCheck);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions.keys()) session.close(); // GOAWAY: no new streams, finish current ones
      // graceMs follows --request-timeout, which may exceed what setTimeout holds.
      const timer = startLongTimer(graceMs, () => {
        for (const session of sessions.keys()) session.destroy();
        for (const socket of sockets) socket.destroy();
      });
      return closed.finally(() => timer.clear());
    },
  };
}

function isHttp1(req: HttpRequest): req is IncomingMessage {
  return req.httpVersionMajor === 1;
}

function boundPort(server: Http2SecureServer): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('listener has no TCP address');
  return address.port;
}

/** The host part of a URL that reaches `bindAddress` from this machine. */
function dialHost(bindAddress: string): string {
  if (bindAddress === '' || bindAddress === '0.0.0.0') return '127.0.0.1';
  if (bindAddress === '::' || /^[0:]+$/.test(bindAddress)) return '[::1]';
  return isIP(bindAddress) === 6 ? `[${bindAddress}]` : bindAddress;
}
