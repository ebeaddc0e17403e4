import type { PeerCertificate } from 'node:tls';
import type { UserInfo } from '../user-info.js';
import type { AuthenticationRequest, AuthenticationResult, Authenticator } from './authenticator.js';
import { noCredentials } from './authenticator.js';

/** The part of a `tls.TLSSocket` (or Node's HTTP/2 socket proxy) this authenticator reads. */
interface TlsPeer {
  readonly authorized: boolean;
  readonly authorizationError?: Error | string;
  getPeerCertificate(detailed?: boolean): PeerCertificate | null;
}

/**
 * Authenticates by TLS client certificate (spec 2-access-control §Methods, "Client certificates"):
 * user name = subject CN, groups = each subject O. The chain is verified by TLS itself against the
 * client CA (`requestCert: true, rejectUnauthorized: false`), so only `socket.authorized` is trusted:
 * no certificate is `none`; a certificate that failed verification (unknown CA, expired) is
 * `rejected`, as upstream (401). A verified certificate without CN is `none`, as upstream.
 */
export function x509Authenticator(): Authenticator {
  // The certificate cannot change during a connection (the listener disables TLS renegotiation),
  // so the result is kept per connection: reading the peer certificate costs tens of microseconds.
  const byConnection = new WeakMap<object, AuthenticationResult>();
  return (request: AuthenticationRequest): AuthenticationResult => {
    const connection = connectionOf(request);
    if (connection === undefined) return noCredentials;
    let result = byConnection.get(connection);
    if (result === undefined) {
      result = authenticatePeer(request.socket);
      byConnection.set(connection, result);
    }
    return result;
  };
}

function authenticatePeer(socket: unknown): AuthenticationResult {
  const peer = asTlsPeer(socket);
  if (peer === undefined) return noCredentials;
  const cert = peer.getPeerCertificate(false);
  // Without a client certificate Node returns an empty object (its typings do not say so).
  if (cert === null || (cert.subject as PeerCertificate['subject'] | undefined) === undefined) return noCredentials;
  if (!peer.authorized) {
    return { kind: 'rejected', reason: `verifying certificate ${describe(cert)} failed: ${String(peer.authorizationError)}` };
  }
  const user = userOfCertificate(cert);
  return user === undefined ? noCredentials : { kind: 'authenticated', user };
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
