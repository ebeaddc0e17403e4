import type { DetailedPeerCertificate, PeerCertificate } from 'node:tls';
import { chainTrustedBy, type CaPool } from './ca-pool.js';
import type { UserInfo } from '../user-info.js';
import type { AuthenticationRequest, Authenticator } from './authenticator.js';
import { noCredentials } from './authenticator.js';

/** The part of a `tls.TLSSocket` (or Node's HTTP/2 socket proxy) this authenticator reads. */
interface TlsPeer {
  readonly authorized: boolean;
  readonly authorizationError?: Error | string;
  getPeerCertificate(detailed: true): DetailedPeerCertificate | null;
}

/** What a connection's client certificate proves against one pool of authorities. */
export type CertificateVerdict =
  | { readonly kind: 'none' }
  | { readonly kind: 'rejected'; readonly reason: string }
  | { readonly kind: 'verified'; readonly cert: PeerCertificate };

const noCertificate: CertificateVerdict = Object.freeze({ kind: 'none' });
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const ANY_EXTENDED_KEY_USAGE = '2.5.29.37.0';

/**
 * Authenticates by TLS client certificate (spec 2-access-control §Methods, "Client certificates"):
 * user name = subject CN, groups = each subject O. The chain is verified by TLS itself against every
 * authority the listener trusts (`requestCert: true, rejectUnauthorized: false`); `roots` (kplane's
 * CA and `--client-ca-file`) then say whether these authorities vouch for it, as the listener also
 * trusts the `--requestheader-client-ca-file` ones. No certificate is `none`; a certificate that
 * failed (unknown CA, expired, not for client auth) is `rejected`, as upstream (401). A verified
 * certificate without CN is `none`, as upstream. Without `roots`, whatever TLS verified counts.
 */
export function x509Authenticator(roots?: CaPool): Authenticator {
  return perConnection((request) => {
    const verdict = verifyClientCertificate(request.socket, roots);
    if (verdict.kind !== 'verified') return verdict.kind === 'none' ? noCredentials : verdict;
    const user = userOfCertificate(verdict.cert);
    return user === undefined ? noCredentials : { kind: 'authenticated', user };
  });
}

/**
 * Caches a result per connection: the client certificate cannot change during one (the listener
 * disables TLS renegotiation), and reading it costs tens of microseconds.
 */
export function perConnection<R extends object>(compute: (request: AuthenticationRequest) => R): (request: AuthenticationRequest) => R {
  const byConnection = new WeakMap<object, R>();
  return (request) => {
    const connection = connectionOf(request);
    if (connection === undefined) return compute(request);
    let result = byConnection.get(connection);
    if (result === undefined) byConnection.set(connection, (result = compute(request)));
    return result;
  };
}

/** Checks the connection's client certificate as upstream's x509 verifier does, against `roots` when given. */
export function verifyClientCertificate(socket: unknown, roots: CaPool | undefined): CertificateVerdict {
  const peer = asTlsPeer(socket);
  if (peer === undefined) return noCertificate;
  const cert = peer.getPeerCertificate(true);
  // Without a client certificate Node returns an empty object (its typings do not say so).
  if (cert === null || (cert.subject as PeerCertificate['subject'] | undefined) === undefined) return noCertificate;
  const failed = (why: string): CertificateVerdict => ({ kind: 'rejected', reason: `verifying certificate ${describe(cert)} failed: ${why}` });
  if (!peer.authorized) return failed(String(peer.authorizationError));
  if (roots && !chainTrustedBy(cert, roots)) return failed('x509: certificate signed by unknown authority');
  const usages = cert.ext_key_usage;
  if (usages && !usages.includes(CLIENT_AUTH) && !usages.includes(ANY_EXTENDED_KEY_USAGE)) {
    return failed('x509: certificate specifies an incompatible key usage');
  }
  return { kind: 'verified', cert };
}

/** The object standing for the request's connection: the HTTP/2 session, else the socket. */
function connectionOf(request: AuthenticationRequest): object | undefined {
  const { stream, socket } = request;
  if (typeof stream === 'object' && stream !== null && 'session' in stream) {
    const session: unknown = stream.session;
    if (typeof session === 'object' && session !== null) return session;
  }
  return typeof socket === 'object' && socket !== null ? socket : undefined;
}

/** The identity a client certificate names: CN as user name, each O as a group. */
export function userOfCertificate(cert: PeerCertificate): UserInfo | undefined {
  // Multi-valued attributes come back as arrays at run time, whatever the typings say.
  const subject: Record<string, unknown> = { ...cert.subject };
  const commonNames = stringList(subject['CN']);
  // Go keeps the last CN of the subject when there are several.
  const name = commonNames[commonNames.length - 1];
  if (name === undefined || name === '') return undefined;
  return { name, groups: stringList(subject['O']) };
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

function asTlsPeer(socket: unknown): TlsPeer | undefined {
  if (typeof socket !== 'object' || socket === null) return undefined;
  // Plain-HTTP sockets lack getPeerCertificate; Node's HTTP/2 socket proxy forwards it to the TLS socket.
  const candidate = socket as Partial<TlsPeer>;
  if (typeof candidate.getPeerCertificate !== 'function' || typeof candidate.authorized !== 'boolean') return undefined;
  return candidate as TlsPeer;
}

function describe(cert: PeerCertificate): string {
  const subject: Record<string, unknown> = { ...cert.subject };
  return `CN=${stringList(subject['CN']).join('+')},SN=${cert.serialNumber ?? ''}`;
}
