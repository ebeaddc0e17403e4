// The HTTPS agents of webhook calls (upstream util/webhook ClientManager's cache of clients): one keep-alive
// agent per CA bundle and client certificate, what a connection's TLS depends on (the Authorization and
// impersonation headers are per request). Each is checked when it is made, as client-go's TLSConfigFor
// checks the config: the bundle's certificates (`unable to load root certificates: ...`), then the
// certificate and key as tls.X509KeyPair does.
import { Agent } from 'node:https';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import type { ClientCertificate } from './credentials.js';
import { errorMessage } from '../../errors/error-message.js';

/** An agent, or why it cannot be made (the reason client-go's client construction gives). */
export type WebhookAgent = { agent: Agent; error?: undefined } | { agent?: undefined; error: string };

/** upstream's ClientManager keeps 200 clients (an LRU); a Map in insertion order, touched on use, does the same. */
const MAX_AGENTS = 200;
const IDLE_CONNECTION_MS = 90_000;
const agents = new Map<string, WebhookAgent>();

/** The agent trusting `caBundle` (PEM; empty: the system roots) and presenting `certificate`; the oldest unused goes past 200. */
export function agentFor(caBundle: string, certificate: ClientCertificate | undefined): WebhookAgent {
  const key = `${certificate?.id ?? ''}\0${caBundle}`;
  let entry = agents.get(key);
  if (entry) {
    agents.delete(key);
    agents.set(key, entry);
    return entry;
  }
  entry = makeAgent(caBundle, certificate);
  agents.set(key, entry);
  if (agents.size > MAX_AGENTS) agents.delete(agents.keys().next().value as string);
  return entry;
}

function makeAgent(caBundle: string, certificate: ClientCertificate | undefined): WebhookAgent {
  const roots = caBundle ? rootCertificates(caBundle) : { certificates: [] };
  if (roots.error !== undefined) return { error: `unable to load root certificates: ${roots.error}` };
  const pairError = certificate ? keyPairError(certificate) : undefined;
  if (pairError !== undefined) return { error: pairError };
  // Idle connections close after 90 s, as Go's transport's IdleConnTimeout: an evicted agent's calls in flight
  // finish, and its sockets go once idle. Only the certificates that load are trusted (OpenSSL would refuse the lot).
  return {
    agent: new Agent({
      keepAlive: true,
      timeout: IDLE_CONNECTION_MS,
      ...(caBundle ? { ca: roots.certificates } : {}),
      ...(certificate ? { cert: certificate.cert, key: certificate.key } : {}),
    }),
  };
}

/**
 * client-go's rootCertPool over the caBundle: the certificates that load (Go's AppendCertsFromPEM skips the
 * others), or, when none does, createErrorParsingCAData's reason: the first bad certificate's, or that nothing was PEM.
 */
function rootCertificates(pem: string): { certificates: string[]; error?: string } {
  const blocks = [...pem.matchAll(/-----BEGIN ([^-]+)-----([\s\S]*?)-----END \1-----/g)];
  if (blocks.length === 0) return { certificates: [], error: 'unable to parse bytes as PEM block' };
  const certificates: string[] = [];
  let firstError: string | undefined;
  for (const block of blocks) {
    if (block[1] !== 'CERTIFICATE') continue;
    try {
      new X509Certificate(block[0]);
      certificates.push(block[0]);
    } catch (error) {
      firstError ??= `failed to parse certificate: ${errorMessage(error)}`;
    }
  }
  return certificates.length > 0 ? { certificates } : { certificates, error: firstError ?? 'no valid certificate authority data seen' };
}

/** tls.X509KeyPair's refusals in Go's words, as far as OpenSSL tells them apart; undefined for a usable pair. */
function keyPairError({ cert, key }: ClientCertificate): string | undefined {
  const hasPem = (text: string) => /-----BEGIN [^-]+-----/.test(text);
  if (!hasPem(cert)) return 'tls: failed to find any PEM data in certificate input';
  if (!hasPem(key)) return 'tls: failed to find any PEM data in key input';
  try {
    new X509Certificate(cert);
  } catch (error) {
    return `x509: ${errorMessage(error)}`;
  }
  try {
    createPrivateKey(key);
  } catch {
    return 'tls: failed to parse private key';
  }
  try {
    createSecureContext({ cert, key });
  } catch {
    return 'tls: private key does not match public key';
  }
  return undefined;
}
