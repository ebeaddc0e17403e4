// The detached JWS the bootstrap signer puts beside the `cluster-info` kubeconfig (spec 2-access-control
// §Bootstrap token Secret; upstream k8s.io/cluster-bootstrap/token/jws): HS256 over the kubeconfig with the
// full token `<id>.<secret>` as key and the token id as `kid`, serialized compactly with the payload left
// out (`<header>..<signature>`). A client holding the token puts the base64url payload back between the dots.
import { CompactSign } from 'jose';

/** The detached compact JWS of `content` under the token `<tokenId>.<tokenSecret>`. */
export async function detachedSignature(content: string, tokenId: string, tokenSecret: string): Promise<string> {
  const key = new TextEncoder().encode(`${tokenId}.${tokenSecret}`);
  // go-jose writes the protected header with sorted keys: {"alg":"HS256","kid":"<id>"}.
  const jws = await new CompactSign(new TextEncoder().encode(content)).setProtectedHeader({ alg: 'HS256', kid: tokenId }).sign(key);
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}
