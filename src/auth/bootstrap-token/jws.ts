// The detached JWS the bootstrap signer puts beside the `cluster-info` kubeconfig (spec 2-access-control
// §Bootstrap token Secret; upstream k8s.io/cluster-bootstrap/token/jws): HS256 over the kubeconfig with the
// token id as `kid`, serialized compactly with the payload left out (`<header>..<signature>`). A client
// holding the token puts the base64url payload back between the dots.
//
// Decision: the HMAC key is the token's secret part, as upstream's code computes it (and kubeadm join
// verifies it), not the full `<id>.<secret>` that the spec and the Kubernetes documentation describe;
// upstream's own test vector (jws.test.ts) only matches the secret. (Upstream pads a short secret with
// zero bytes to 32 bytes for go-jose; HMAC pads its key with zeros anyway, so the signature is the same.)
import { CompactSign } from 'jose';

/** The detached compact JWS of `content` under the token `<tokenId>.<tokenSecret>`. */
export async function detachedSignature(content: string, tokenId: string, tokenSecret: string): Promise<string> {
  const key = new Uint8Array(Math.max(32, Buffer.byteLength(tokenSecret)));
  key.set(new TextEncoder().encode(tokenSecret));
  // go-jose writes the protected header with sorted keys: {"alg":"HS256","kid":"<id>"}.
  const jws = await new CompactSign(new TextEncoder().encode(content)).setProtectedHeader({ alg: 'HS256', kid: tokenId }).sign(key);
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}
