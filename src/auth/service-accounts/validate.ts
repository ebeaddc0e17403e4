// Checks of a verified token's claims (upstream pkg/serviceaccount claims.go validator and legacy.go
// legacyValidator): times, and that the account, secret or pod it names still exist with the same uid.
// Lookups read the server's watch caches synchronously; each records the revision it saw, so a cached
// token is re-checked by comparing revisions (authenticator.ts).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { LEGACY_CLAIMS, splitUsername, type KubernetesClaim, type ServiceAccountInfo, type TokenPayload } from './claims.js';

/** An object as the lookup found it: the watch cache's revision of it and a decoded copy. */
export interface LookedUpObject {
  readonly revision: number;
  readonly object: KubeObject;
}

/** The kinds a token's claims refer to. */
export type LookupKind = 'serviceAccount' | 'secret' | 'pod';

/** Reads the current objects a token refers to (upstream ServiceAccountTokenGetter, over informers). */
export type ServiceAccountTokenGetter = (kind: LookupKind, namespace: string, name: string) => LookedUpObject | undefined;

/** One lookup a validation made, to re-check a cached token. */
export interface Observation {
  readonly kind: LookupKind;
  readonly namespace: string;
  readonly name: string;
  readonly revision: number;
}

/** A valid token's account and the lookups that made it so. */
export interface Validated {
  readonly info: ServiceAccountInfo;
  readonly observed: readonly Observation[];
}

/** go-jose's jwt.DefaultLeeway: one minute either side of exp, nbf and iat. */
export const LEEWAY_SECONDS = 60;

const resourceNames: Record<LookupKind, string> = { serviceAccount: 'serviceaccount', secret: 'secret', pod: 'pod' };

/** Looks an object up, recording what was seen; a missing one is the lister's NotFound error. */
function lookup(getter: ServiceAccountTokenGetter, observed: Observation[], kind: LookupKind, namespace: string, name: string): KubeObject {
  const found = getter(kind, namespace, name);
  if (!found) throw new Error(`${resourceNames[kind]} "${name}" not found`);
  observed.push({ kind, namespace, name, revision: found.revision });
  return found.object;
}

const numericDate = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** go-jose Claims.Validate with the default leeway, worded as upstream's validator reports it. */
function validateTimes(payload: TokenPayload, nowSeconds: number): void {
  const nbf = numericDate(payload.nbf);
  const exp = numericDate(payload.exp);
  const iat = numericDate(payload.iat);
  if (nbf !== undefined && nowSeconds + LEEWAY_SECONDS < nbf) throw new Error('service account token is not valid yet');
  if (exp !== undefined && nowSeconds - LEEWAY_SECONDS > exp) throw new Error('service account token has expired');
  if (iat !== undefined && nowSeconds + LEEWAY_SECONDS < iat) throw new Error('service account token claims could not be validated due to unexpected validation error');
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const refOf = (value: unknown): { name: string; uid: string } | undefined =>
  value && typeof value === 'object' ? { name: str((value as { name?: unknown }).name), uid: str((value as { uid?: unknown }).uid) } : undefined;

/** Deleted long enough ago (deletionTimestamp before now minus the leeway) to count as gone. */
function deletedBefore(object: KubeObject, nowSeconds: number): boolean {
  const at = object.metadata.deletionTimestamp;
  return at !== undefined && Date.parse(at) / 1000 < nowSeconds - LEEWAY_SECONDS;
}

/** upstream validator.Validate: a bound token's times, account, and the secret or pod it is bound to. */
export function validateBound(payload: TokenPayload, getter: ServiceAccountTokenGetter, nowSeconds: number): Validated {
  validateTimes(payload, nowSeconds);
  const claim = (payload['kubernetes.io'] ?? {}) as KubernetesClaim;
  const namespace = str(claim.namespace);
  const sa = refOf(claim.serviceaccount) ?? { name: '', uid: '' };
  const observed: Observation[] = [];
  const account = lookup(getter, observed, 'serviceAccount', namespace, sa.name);
  if (deletedBefore(account, nowSeconds)) throw new Error(`service account ${namespace}/${sa.name} has been deleted`);
  if ((account.metadata.uid ?? '') !== sa.uid) throw new Error(`service account UID (${account.metadata.uid ?? ''}) does not match claim (${sa.uid})`);
  const secretRef = refOf(claim.secret);
  if (secretRef) checkBoundObject(getter, observed, 'secret', namespace, secretRef, nowSeconds);
  const podRef = refOf(claim.pod);
  if (podRef) checkBoundObject(getter, observed, 'pod', namespace, podRef, nowSeconds);
  const info: ServiceAccountInfo = { namespace, name: sa.name, uid: sa.uid, ...(podRef ? { podName: podRef.name, podUID: podRef.uid } : {}) };
  return { info, observed };
}

function checkBoundObject(getter: ServiceAccountTokenGetter, observed: Observation[], kind: 'secret' | 'pod', namespace: string, ref: { name: string; uid: string }, nowSeconds: number): void {
  let object: KubeObject;
  try {
    object = lookup(getter, observed, kind, namespace, ref.name);
  } catch {
    throw new Error('service account token has been invalidated');
  }
  if (deletedBefore(object, nowSeconds)) throw new Error('service account token has been invalidated');
  const uid = object.metadata.uid ?? '';
  if (uid !== ref.uid) throw new Error(`${kind} UID (${uid}) does not match service account ${kind} ref claim (${ref.uid})`);
}

/** upstream legacyValidator.Validate: the claims a secret token must have, and (with lookup) its secret and account. */
export function validateLegacy(payload: TokenPayload, token: string, getter: ServiceAccountTokenGetter | undefined): Validated {
  const subject = str(payload.sub);
  if (!subject) throw new Error('sub claim is missing');
  const namespace = str(payload[LEGACY_CLAIMS.namespace]);
  if (!namespace) throw new Error('namespace claim is missing');
  const secretName = str(payload[LEGACY_CLAIMS.secretName]);
  if (!secretName) throw new Error('secretName claim is missing');
  const name = str(payload[LEGACY_CLAIMS.serviceAccountName]);
  if (!name) throw new Error('serviceAccountName claim is missing');
  const uid = str(payload[LEGACY_CLAIMS.serviceAccountUID]);
  if (!uid) throw new Error('serviceAccountUID claim is missing');
  const split = splitUsername(subject);
  if (!split || split.namespace !== namespace || split.name !== name) throw new Error('sub claim is invalid');
  const observed: Observation[] = [];
  if (getter) {
    let secret: KubeObject;
    try {
      secret = lookup(getter, observed, 'secret', namespace, secretName);
    } catch {
      throw new Error('token has been invalidated');
    }
    if (secret.metadata.deletionTimestamp) throw new Error('token has been invalidated');
    const stored = (secret['data'] as Record<string, string> | undefined)?.['token'];
    if (stored === undefined || Buffer.from(stored, 'base64').toString('latin1') !== token) throw new Error("token does not match server's copy");
    const account = lookup(getter, observed, 'serviceAccount', namespace, name);
    if (account.metadata.deletionTimestamp) throw new Error(`ServiceAccount ${namespace}/${name} has been deleted`);
    if ((account.metadata.uid ?? '') !== uid) throw new Error(`ServiceAccount UID (${account.metadata.uid ?? ''}) does not match claim (${uid})`);
  }
  return { info: { namespace, name, uid }, observed };
}
