import { constants } from 'node:crypto';
import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2';
import { isIP, type Socket } from 'node:net';
import type { HttpHandler } from './http-types.js';
import type { Pki } from './pki/pki.js';
import { servingTls, type ServingTls } from './tls-settings.js';
import { IDLE_CHECKS_PER_TIMEOUT, trackConnections } from './connection-tracker.js';

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
 * request's headers have not all arrived this long after it began (or after the TLS handshake) is closed.
 * Node's headersTimeout, which its HTTP/2 server also applies to HTTP/1 connections, checked as often as the
 * idle connections are.
 */
export const READ_HEADER_TIMEOUT_MS = 32_000;
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
