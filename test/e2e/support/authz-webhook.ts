// Test support for the Webhook authorization mode: a SubjectAccessReview service over HTTPS on loopback
// with a CA and serving certificate of its own, wanting a bearer token from the API server, recording
// every review it receives and answering each with what the test's `decide` says.
import { createServer } from 'node:https';
import { generateCa, generateServingCertificate } from '../../../src/server/pki/generate.js';
import { servingNamesOf } from '../../../src/server/pki/serving-names.js';
import { closeServer, listenOnLoopback, readJson } from './authn-servers.js';

/** One SubjectAccessReview as received. */
export interface ReceivedAccessReview {
  apiVersion: string;
  kind: string;
  spec: {
    user?: string;
    groups?: string[];
    uid?: string;
    resourceAttributes?: Record<string, string>;
    nonResourceAttributes?: Record<string, string>;
  };
  [field: string]: unknown;
}

/** The status answered: `allowed`, and optionally `denied` and `reason`. */
export type AccessDecision = { allowed: boolean; denied?: boolean; reason?: string };

export interface AuthorizationWebhook {
  url: string;
  /** The webhook's CA, for the kubeconfig's `certificate-authority`. */
  ca: string;
  received: ReceivedAccessReview[];
  close(): Promise<void>;
}

/** Starts the webhook; requests without `Authorization: Bearer <token>` get 401. */
export async function startAuthorizationWebhook(token: string, decide: (review: ReceivedAccessReview) => AccessDecision): Promise<AuthorizationWebhook> {
  const now = new Date();
  const ca = await generateCa(now, 'authz-webhook-ca');
  const serving = await generateServingCertificate(ca, servingNamesOf(['127.0.0.1']), now);
  const received: ReceivedAccessReview[] = [];
  const server = createServer(serving, (req, res) => {
    void readJson(req).then((body) => {
      if (req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401).end();
        return;
      }
      const review = body as ReceivedAccessReview;
      received.push(review);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'SubjectAccessReview', status: decide(review) }));
    });
  });
  const port = await listenOnLoopback(server);
  return { url: `https://127.0.0.1:${port}/authorize`, ca: ca.cert, received, close: () => closeServer(server) };
}
