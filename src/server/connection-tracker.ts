// The listener's connections: the raw sockets, HTTP/2 sessions and in-flight HTTP/1 requests it serves, so that
// shutdown can close idle connections at once and cut long-running ones, and connections idle past upstream's
// IdleTimeout are closed (server/listener.ts sets the timeouts).
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Http2SecureServer, Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { HttpHandler, HttpRequest, HttpResponse } from './http-types.js';
import { startLongTimer } from '../endpoints/long-timer.js';
import { parseRequestHead, refuseUnparsable, requestOf } from './unknown-methods.js';

/** Idle connections are looked for this many times per timeout: they close within 1.12× of it. */
export const IDLE_CHECKS_PER_TIMEOUT = 8;

export interface ConnectionTracker {
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
 * and its HTTP/1 fallback close none). A periodic check reads a timestamp and a byte count per connection: per
 * request, the hot path only notes when its connection went idle.
 */
export function trackConnections(server: Http2SecureServer, handler: HttpHandler, idleTimeoutMs: number, readHeaderTimeoutMs: number): ConnectionTracker {
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
