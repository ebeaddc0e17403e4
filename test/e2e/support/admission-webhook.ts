// Test support for dynamic admission webhooks: an admission webhook server over HTTPS on 127.0.0.1 with a
// CA of its own (its serving certificate valid for 127.0.0.1 and for `webhook.default.svc`, the name kplane
// verifies when a configuration names the service), recording every AdmissionReview it receives with the
// credentials it came with, and answering with what the test's handler for the path says. Given a client CA,
// it requires a client certificate of that CA (a call without one fails its TLS handshake).
import { createServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { generateCa, generateServingCertificate } from '../../../src/server/pki/generate.js';
import { servingNamesOf } from '../../../src/server/pki/serving-names.js';
import { closeServer, listenOnLoopback, readJson } from './authn-servers.js';

/** One AdmissionReview as received (the fields the tests read). */
export interface ReceivedReview {
  path: string;
  apiVersion: string;
  kind: string;
  request: {
    uid: string;
    kind: { group: string; version: string; kind: string };
    resource: { group: string; version: string; resource: string };
    subResource?: string;
    requestKind?: { group: string; version: string; kind: string };
    requestResource?: { group: string; version: string; resource: string };
    name?: string;
    namespace?: string;
    operation: string;
    userInfo: { username?: string; groups?: string[] };
    object: { metadata?: { name?: string; labels?: Record<string, string> } } | null;
    oldObject: { metadata?: { name?: string } } | null;
    dryRun: boolean;
    options: Record<string, unknown> | null;
  };
  /** The call's Authorization header, when it had one. */
  authorization?: string;
  /** The common name of the client certificate the call presented, when it presented one. */
  clientCommonName?: string;
}

export interface AdmissionWebhookOptions {
  /** PEM of the CA whose client certificates the server requires. */
  clientCa?: string;
}

/** What a handler answers: the `response` without its uid (filled in), or a raw body to send as it is. */
export type Answer = Record<string, unknown> | { raw: string; status?: number } | 'hang';

export interface AdmissionWebhookServer {
  /** `https://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** The CA that signed the serving certificate, PEM, and as a configuration's caBundle (base64). */
  ca: string;
  caBundle: string;
  received: ReceivedReview[];
  /** The reviews received on `path`. */
  on(path: string): ReceivedReview[];
  close(): Promise<void>;
}

/** Starts the server; `handle` answers each review by path (undefined: allowed). */
export async function startAdmissionWebhook(handle: (review: ReceivedReview) => Answer | undefined, options: AdmissionWebhookOptions = {}): Promise<AdmissionWebhookServer> {
  const now = new Date();
  const ca = await generateCa(now, 'admission-webhook-ca');
  const serving = await generateServingCertificate(ca, servingNamesOf(['127.0.0.1', 'webhook.default.svc']), now);
  const received: ReceivedReview[] = [];
  const clientAuth = options.clientCa ? { ca: options.clientCa, requestCert: true, rejectUnauthorized: true } : {};
  const server = createServer({ ...serving, ...clientAuth }, (req, res) => {
    void readJson(req).then((body) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const review: ReceivedReview = {
        ...(body as Omit<ReceivedReview, 'path'>),
        path: (req.url ?? '').split('?')[0] ?? '',
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        ...(peer?.subject?.CN ? { clientCommonName: String(peer.subject.CN) } : {}),
      };
      received.push(review);
      const answer = handle(review) ?? { allowed: true };
      if (answer === 'hang') return;
      if ('raw' in answer && typeof answer['raw'] === 'string') {
        res.writeHead((answer as { status?: number }).status ?? 200, { 'content-type': 'application/json' }).end(answer['raw']);
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'AdmissionReview', response: { uid: review.request.uid, ...answer } }));
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    ca: ca.cert,
    caBundle: Buffer.from(ca.cert).toString('base64'),
    received,
    on: (path) => received.filter((r) => r.path === path),
    close: () => closeServer(server),
  };
}

/** A JSON patch as a response's `patch` (base64). */
export const jsonPatch = (operations: readonly Record<string, unknown>[]): { patchType: 'JSONPatch'; patch: string } => ({
  patchType: 'JSONPatch',
  patch: Buffer.from(JSON.stringify(operations)).toString('base64'),
});
