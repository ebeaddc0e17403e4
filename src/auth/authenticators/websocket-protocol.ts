import type { AuthenticationRequest, Authenticator } from './authenticator.js';
import { noCredentials } from './authenticator.js';
import type { TokenCheck } from './bearer-token.js';

/** The subprotocol prefix of a bearer token (base64url, unpadded) in `Sec-WebSocket-Protocol`. */
export const bearerProtocolPrefix = 'base64url.bearer.authorization.k8s.io.';

/**
 * Bearer tokens of WebSocket requests from browsers, which cannot set `Authorization` (upstream
 * websocket.ProtocolAuthenticator): on an upgrade to `websocket`, the `Sec-WebSocket-Protocol` entry
 * `base64url.bearer.authorization.k8s.io.<token>` is checked by the token sources. At most one such
 * entry, and at least one other subprotocol to echo back; after success the entry is removed.
 */
export function webSocketProtocolAuthenticator(check: TokenCheck): Authenticator {
  return (request: AuthenticationRequest, audiences?: readonly string[]) => {
    if (!isWebSocketRequest(request)) return noCredentials;
    const protocols = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const tokens = protocols.filter((p) => p.startsWith(bearerProtocolPrefix));
    if (tokens.length === 0) return noCredentials;
    if (tokens.length > 1) return { kind: 'rejected', reason: 'multiple base64.bearer.authorization tokens specified' };
    const encoded = tokens[0]!.slice(bearerProtocolPrefix.length);
    if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) return { kind: 'rejected', reason: 'invalid base64.bearer.authorization token encoding' };
    const bytes = Buffer.from(encoded, 'base64url');
    const token = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (!Buffer.from(token, 'utf8').equals(bytes)) return { kind: 'rejected', reason: 'invalid base64.bearer.authorization token' };
    if (token === '') return noCredentials;
    const others = protocols.filter((p) => !p.startsWith(bearerProtocolPrefix));
    if (others.length === 0) return { kind: 'rejected', reason: 'missing additional subprotocol' };
    return check(token, audiences, request, (req) => {
      req.headers['sec-websocket-protocol'] = others.join(',');
    });
  };
}

/** Upstream wsstream.IsWebSocketRequest: `Connection` has the `upgrade` token and `Upgrade` is `websocket`. */
function isWebSocketRequest(request: AuthenticationRequest): boolean {
  const upgrade = request.headers.upgrade;
  if (typeof upgrade !== 'string' || upgrade.toLowerCase() !== 'websocket') return false;
  const connection = request.headers.connection ?? '';
  return connection.split(',').some((token) => token.trim().toLowerCase() === 'upgrade');
}
