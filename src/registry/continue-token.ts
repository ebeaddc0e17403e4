// Continue tokens for chunked lists (1-conventions: chunked lists). Same encoding as upstream:
// base64 of {"v":"meta.k8s.io/v1","rv":<revision>,"start":"<key after the prefix>"}.
import { badRequest } from '../errors/status-error.js';

export interface ContinueToken {
  /** The snapshot revision; -1 marks upstream's "inconsistent continue" (read at the current revision). */
  revision: number;
  /** Key suffix (after the resource prefix) of the first key of the next page. */
  start: string;
}

export function encodeContinue(token: ContinueToken): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: token.revision, start: token.start })).toString('base64url');
}

/** Upstream's etcd3 store wraps every decoding failure as a 400 "invalid continue token: <reason>". */
const invalidToken = (reason: string) => badRequest(`invalid continue token: continue key is not valid: ${reason}`);

export function decodeContinue(value: string): ContinueToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidToken('illegal base64 data or JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalidToken('not an object');
  const { v, rv, start } = parsed as Record<string, unknown>;
  if (v !== 'meta.k8s.io/v1') throw invalidToken(`server does not recognize this encoded version ${JSON.stringify(v ?? '')}`);
  if (typeof rv !== 'number' || !Number.isInteger(rv) || (rv <= 0 && rv !== -1)) throw invalidToken('incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (typeof start !== 'string' || start === '' || start.includes('..') || start.startsWith('/'))
    throw invalidToken('invalid start key');
  return { revision: rv, start };
}
