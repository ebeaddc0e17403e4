// The `token` subresource of ServiceAccounts (upstream TokenREST.Create, 1.25): POST an authentication.k8s.io/v1
// TokenRequest to `serviceaccounts/<name>/token` and get it back with a signed bound token in its status.
// Served only when the server can issue tokens, as upstream registers it only with a token issuer: the server
// adds it to the ServiceAccount definition with {@link withTokenSubresource}.
import { badRequest, conflict, invalid } from '../../errors/status-error.js';
import * as field from '../../errors/field-errors.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { SubresourceAccess, ViewSubresource, ViewWriteOptions } from '../../registry/subresource.js';
import { boundClaims, EXPIRATION_EXTENSION_SECONDS, WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS, type ObjectRef } from './claims.js';
import type { TokenGenerator } from './token-generator.js';
import { TokenRequestSchema, type TokenRequest } from '../../apis/authentication/v1/schemas.generated.js';

/** What issuing tokens takes (kube-apiserver's service account options). */
export interface TokenIssuing {
  readonly generator: TokenGenerator;
  /** `--api-audiences`: the audiences of a request that names none, and the "kube audiences" of extension. */
  readonly apiAudiences: readonly string[];
  /** `--service-account-max-token-expiration` in seconds; 0 for no maximum. */
  readonly maxExpirationSeconds: number;
  /** `--service-account-extend-token-expiration`. */
  readonly extendExpiration: boolean;
  /** Clock, for tests. */
  readonly now?: () => Date;
}

/** upstream SetDefaults_TokenRequestSpec: one hour. */
const DEFAULT_EXPIRATION_SECONDS = 60 * 60;
const MIN_EXPIRATION_SECONDS = 10 * 60;
const MAX_EXPIRATION_SECONDS = 2 ** 32;

/** upstream ValidateTokenRequest. */
export function validateTokenRequest(request: TokenRequest): field.FieldError[] {
  const seconds = request.spec.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS;
  const errs: field.FieldError[] = [];
  if (seconds < MIN_EXPIRATION_SECONDS) errs.push(field.invalid('spec.expirationSeconds', seconds, 'may not specify a duration less than 10 minutes'));
  if (seconds > MAX_EXPIRATION_SECONDS) errs.push(field.invalid('spec.expirationSeconds', seconds, 'may not specify a duration larger than 2^32 seconds'));
  return errs;
}

/** upstream schema.FromAPIVersionAndKind, as `<group>/<version>, Kind=<kind>` prints it. */
function groupVersionKind(apiVersion: string, kind: string): { group: string; text: string } {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? '' : apiVersion.slice(0, slash);
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  return { group, text: `${group}/${version}, Kind=${kind}` };
}

interface BoundObjects {
  pod?: ObjectRef;
  secret?: ObjectRef;
}

/** The pod or secret `boundObjectRef` names, checked as upstream checks it. */
async function boundObjects(access: SubresourceAccess, namespace: string, name: string, request: TokenRequest): Promise<BoundObjects> {
  const ref = request.spec.boundObjectRef;
  if (!ref) return {};
  const gvk = groupVersionKind(ref.apiVersion ?? '', ref.kind ?? '');
  const refName = ref.name ?? '';
  let bound: BoundObjects;
  let uid: string;
  if (gvk.group === '' && ref.kind === 'Pod') {
    const pod = (await access.storeFor('', 'pods')!.get(namespace, refName)).object;
    const account = (pod['spec'] as { serviceAccountName?: string } | undefined)?.serviceAccountName ?? '';
    if (account !== name) throw badRequest(`cannot bind token for serviceaccount ${JSON.stringify(name)} to pod running with different serviceaccount name.`);
    uid = pod.metadata.uid ?? '';
    bound = { pod: { name: refName, uid } };
  } else if (gvk.group === '' && ref.kind === 'Secret') {
    const secret = (await access.storeFor('', 'secrets')!.get(namespace, refName)).object;
    uid = secret.metadata.uid ?? '';
    bound = { secret: { name: refName, uid } };
  } else {
    throw badRequest(`cannot bind token to object of type ${gvk.text}`);
  }
  if (ref.uid && ref.uid !== uid) {
    throw conflict({ group: gvk.group, resource: ref.kind ?? '' }, refName, `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
  }
  return bound;
}

/** POST a TokenRequest: 201 with the request, its defaults filled in, and the token in status. */
async function createToken(issuing: TokenIssuing, access: SubresourceAccess, namespace: string, name: string, obj: KubeObject, write: ViewWriteOptions): Promise<{ code: number; object: KubeObject }> {
  const request = obj as TokenRequest;
  const { metadata } = request;
  if (metadata.name && metadata.name !== name) throw invalid('authentication.k8s.io', 'TokenRequest', name, [field.invalid('metadata.name', metadata.name, 'must match the service account name if specified')]);
  if (metadata.namespace && metadata.namespace !== namespace) throw invalid('authentication.k8s.io', 'TokenRequest', name, [field.invalid('metadata.namespace', metadata.namespace, 'must match the service account namespace if specified')]);
  const account = (await access.parent.get(namespace, name)).object;
  const spec = { ...request.spec, audiences: request.spec.audiences?.length ? request.spec.audiences : [...issuing.apiAudiences], expirationSeconds: request.spec.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS };
  const now = issuing.now?.() ?? new Date();
  const out: TokenRequest = { ...request, metadata: { ...metadata, name: metadata.name || name, namespace: metadata.namespace || namespace, creationTimestamp: now.toISOString().replace(/\.\d+Z$/, 'Z') }, spec };
  delete out.status;
  const errs = validateTokenRequest(out);
  if (errs.length) throw invalid('authentication.k8s.io', 'TokenRequest', '', errs);
  const bound = await boundObjects(access, namespace, name, out);
  if (issuing.maxExpirationSeconds > 0 && spec.expirationSeconds > issuing.maxExpirationSeconds) {
    write.warnings?.push(`requested expiration of ${spec.expirationSeconds} seconds shortened to ${issuing.maxExpirationSeconds} seconds`);
    spec.expirationSeconds = issuing.maxExpirationSeconds;
  }
  // Safe transition of projected tokens: a pod-bound token of the projected default lifetime for the API's
  // audiences lives a year, and is only reported stale after its requested lifetime.
  const kubeAudiences = spec.audiences.every((a) => issuing.apiAudiences.includes(a));
  const extend = issuing.extendExpiration && bound.pod !== undefined && spec.expirationSeconds === WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS && kubeAudiences;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const claims = boundClaims({
    serviceAccount: { namespace, name, uid: account.metadata.uid ?? '' },
    ...bound,
    expirationSeconds: extend ? EXPIRATION_EXTENSION_SECONDS : spec.expirationSeconds,
    warnAfterSeconds: extend ? spec.expirationSeconds : 0,
    audiences: spec.audiences,
  }, nowSeconds);
  const token = await issuing.generator.generate(claims);
  const expiration = new Date((nowSeconds + spec.expirationSeconds) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  return { code: 201, object: { ...out, status: { token, expirationTimestamp: expiration } } as unknown as KubeObject };
}

/** `serviceaccounts/<name>/token`: create an authentication.k8s.io/v1 TokenRequest. */
export function tokenSubresource(issuing: TokenIssuing): ViewSubresource {
  return {
    type: 'view',
    name: 'token',
    verbs: ['create'],
    kind: { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' },
    schema: TokenRequestSchema,
    definitionName: 'io.k8s.api.authentication.v1.TokenRequest',
    create: (access, namespace, name, obj, write) => createToken(issuing, access, namespace, name, obj, write),
  };
}

/** The definitions with the `token` subresource added to core/v1 ServiceAccount. */
export function withTokenSubresource(definitions: readonly ResourceDefinition[], issuing: TokenIssuing): ResourceDefinition[] {
  return definitions.map((def) =>
    def.group === '' && def.resource === 'serviceaccounts' ? { ...def, subresources: [...(def.subresources ?? []), tokenSubresource(issuing)] } : def);
}
