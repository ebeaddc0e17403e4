// Test support for authentication: a token webhook with its own CA that wants a client certificate, and an
// authenticating proxy that forwards plain-HTTP requests to kplane with its client certificate and the
// user headers. Both listen on loopback and close with the test.
import { createServer as createHttpServer, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { generateCa, generateClientCertificate, generateServingCertificate } from '../../../src/server/pki/generate.js';
import { servingNamesOf } from '../../../src/server/pki/serving-names.js';

export interface CertificateAndKey {
  cert: string;
  key: string;
}

/** One TokenReview the webhook received. */
export interface ReceivedReview {
  apiVersion: string;
  token: string;
  audiences?: string[];
  /** Common name of the client certificate the API server presented. */
  clientCommonName: string;
}

export interface TokenWebhook {
  url: string;
  /** The webhook's CA (to put in the kubeconfig) and the client certificate the API server must present. */
  ca: string;
  client: CertificateAndKey;
  received: ReceivedReview[];
  close(): Promise<void>;
}

/**
 * A TokenReview webhook over HTTPS with its own CA, requiring a client certificate from a second CA of
 * its own. `users` maps tokens to the user it answers; other tokens get `authenticated: false`.
 */
export async function startTokenWebhook(users: Record<string, { username: string; uid?: string; groups?: string[] }>): Promise<TokenWebhook> {
  const now = new Date();
  const [ca, clientCa] = await Promise.all([generateCa(now, 'webhook-ca'), generateCa(now, 'webhook-client-ca')]);
  const [serving, client] = await Promise.all([
    generateServingCertificate(ca, servingNamesOf(['127.0.0.1']), now),
    generateClientCertificate(clientCa, { commonName: 'kube-apiserver-webhook-client' }, now),
  ]);
  const received: ReceivedReview[] = [];
  const server = createHttpsServer({ ...serving, ca: clientCa.cert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    void readJson(req).then((review) => {
      const { apiVersion, spec } = review as { apiVersion: string; spec: { token: string; audiences?: string[] } };
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      received.push({ apiVersion, token: spec.token, ...(spec.audiences ? { audiences: spec.audiences } : {}), clientCommonName: String(peer.subject.CN) });
      const user = users[spec.token];
      const status = user ? { authenticated: true, user } : { authenticated: false };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion, kind: 'TokenReview', status }));
    });
  });
  const port = await listenOnLoopback(server);
  return { url: `https://127.0.0.1:${port}/authenticate`, ca: ca.cert, client, received, close: () => closeServer(server) };
}

export interface AuthenticatingProxy {
  /** Plain-HTTP URL kubectl talks to. */
  url: string;
  close(): Promise<void>;
}

/**
 * A tiny authenticating proxy: forwards every request to `target` presenting `client` (a certificate
 * of the requestheader CA), with `headers` (X-Remote-User, X-Remote-Group, ...) added.
 */
export async function startAuthenticatingProxy(target: string, targetCa: string, client: CertificateAndKey, headers: OutgoingHttpHeaders): Promise<AuthenticatingProxy> {
  const upstream = new URL(target);
  const server = createHttpServer((req, res) => {
    const forwarded = httpsRequest({
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: upstream.host, ...headers },
      ca: targetCa,
      ...client,
      agent: false,
    }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  const port = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

/** The request body, parsed as JSON. */
export function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(JSON.parse(body)));
    req.on('error', reject);
  });
}

/** Listens on a free port of 127.0.0.1; answers the port. */
export function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Closes the server and its open connections. */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
