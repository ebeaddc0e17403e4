// ServiceAccount (2-access-control: service account automation; upstream plugin/pkg/admission/serviceaccount,
// 1.25): on pod create the pod runs as `default` unless it names an account, the account must exist, the
// account's image pull secrets are copied when the pod has none, and unless the pod or the account turns
// automounting off every container and init container mounts a `kube-api-access-<suffix>` projected volume
// (a bound token of 3607 s, the `kube-root-ca.crt` CA, the namespace) read-only at the API token path.
// Mirror pods are left alone but may not reference accounts, secrets or token projections.
import { admissionForbidden } from '../forbidden.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Pod, PodSpec, Volume, VolumeMount } from '../../apis/core/v1/schemas.generated.js';
import { generateName } from '../../registry/object-meta-fields.js';
import { WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS } from '../../auth/service-accounts/claims.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { errorMessage } from '../../errors/error-message.js';

export const DEFAULT_SERVICE_ACCOUNT_NAME = 'default';
/** Prefix of the injected volume's name (upstream ServiceAccountVolumeName). */
export const SERVICE_ACCOUNT_VOLUME_NAME = 'kube-api-access';
/** Where containers find the token, CA and namespace (upstream DefaultAPITokenMountPath). */
export const DEFAULT_API_TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
/** upstream: the default account is looked up this many times, as its controller may not have made it yet. */
const DEFAULT_ACCOUNT_ATTEMPTS = 10;

/** What the plugin reads of an account: read only, as the account is the cache's, shared with other readers. */
interface ServiceAccountFields {
  readonly automountServiceAccountToken?: boolean;
  readonly imagePullSecrets?: readonly { readonly name?: string }[];
  readonly secrets?: readonly { readonly name?: string }[];
}

/** An account with this annotation `true` limits its pods to the secrets it lists (upstream EnforceMountableSecretsAnnotation). */
const ENFORCE_MOUNTABLE_SECRETS = 'kubernetes.io/enforce-mountable-secrets';

/** Reads a ServiceAccount (the cache's, shared with other readers: read only); undefined when it does not exist. */
export type ServiceAccountGetter = (namespace: string, name: string) => Promise<Readonly<KubeObject & ServiceAccountFields> | undefined>;

/** upstream TokenVolumeSource: the projected volume of the API token, root CA and namespace. */
export function tokenVolumeSource(): NonNullable<Volume['projected']> {
  return {
    defaultMode: 0o644,
    sources: [
      { serviceAccountToken: { path: 'token', expirationSeconds: WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
  };
}

const forbiddenPod = (a: AdmissionAttributes, why: string) =>
  admissionForbidden(a, why);

/** upstream shouldAutomount: the pod's choice, else the account's, else true. */
const shouldAutomount = (sa: ServiceAccountFields, spec: PodSpec): boolean => spec.automountServiceAccountToken ?? sa.automountServiceAccountToken ?? true;

/** upstream mountServiceAccountToken: every container and init container without a mount at the token path gets one. */
export function mountServiceAccountToken(spec: PodSpec, name: (base: string) => string = generateName): void {
  const existing = (spec.volumes ?? []).find((v) => v.name.startsWith(`${SERVICE_ACCOUNT_VOLUME_NAME}-`));
  const volumeName = existing?.name ?? name(`${SERVICE_ACCOUNT_VOLUME_NAME}-`);
  let needsVolume = false;
  for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    if ((container.volumeMounts ?? []).some((m) => m.mountPath === DEFAULT_API_TOKEN_MOUNT_PATH)) continue;
    const mount: VolumeMount = { name: volumeName, readOnly: true, mountPath: DEFAULT_API_TOKEN_MOUNT_PATH };
    container.volumeMounts = [...(container.volumeMounts ?? []), mount];
    needsVolume = true;
  }
  if (!existing && needsVolume) spec.volumes = [...(spec.volumes ?? []), { name: volumeName, projected: tokenVolumeSource() }];
}

/** upstream getServiceAccount: the default account is retried for a while before it counts as missing. */
async function lookUp(get: ServiceAccountGetter, namespace: string, name: string, retryDelayMs: number): Promise<Readonly<KubeObject & ServiceAccountFields>> {
  const attempts = name === DEFAULT_SERVICE_ACCOUNT_NAME ? DEFAULT_ACCOUNT_ATTEMPTS : 1;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    const sa = await get(namespace, name);
    if (sa) return sa;
  }
  throw new Error(`serviceaccount "${name}" not found`);
}

/** upstream's Validate for mirror pods: no account, no secrets, no token projections. */
function validateMirrorPod(a: AdmissionAttributes, pod: Pod): void {
  const spec = pod.spec;
  if (spec?.serviceAccountName) throw forbiddenPod(a, 'a mirror pod may not reference service accounts');
  const volumes = spec?.volumes ?? [];
  const containers = [...(spec?.initContainers ?? []), ...(spec?.containers ?? []), ...(spec?.ephemeralContainers ?? [])];
  const secretEnv = containers.some((c) => (c.envFrom ?? []).some((e) => e.secretRef) || (c.env ?? []).some((e) => e.valueFrom?.secretKeyRef));
  const secretVolume = volumes.some((v) => v.secret || v.projected?.sources?.some((s) => s.secret));
  if ((spec?.imagePullSecrets ?? []).length || secretEnv || secretVolume) throw forbiddenPod(a, 'a mirror pod may not reference secrets');
  if (volumes.some((v) => v.projected?.sources?.some((s) => s.serviceAccountToken))) throw forbiddenPod(a, 'a mirror pod may not use ServiceAccountToken volume projections');
}

const names = (refs: readonly { name?: string }[] | undefined): Set<string> => new Set((refs ?? []).map((r) => r.name ?? ''));

/** upstream limitSecretReferences: the reason a pod's secret volume, env var or pull secret is not the account's, if one is not. */
function secretReferenceViolation(sa: Readonly<KubeObject & ServiceAccountFields>, spec: PodSpec): string | undefined {
  const account = sa.metadata.name ?? '';
  const mountable = names(sa.secrets);
  for (const volume of spec.volumes ?? []) {
    const secret = volume.secret?.secretName;
    if (volume.secret && !mountable.has(secret ?? '')) return `volume with secret.secretName="${secret ?? ''}" is not allowed because service account ${account} does not reference that secret`;
  }
  const containers: [string, PodSpec['containers']][] = [['init container', spec.initContainers ?? []], ['container', spec.containers ?? []]];
  for (const [what, list] of containers) {
    for (const c of list) {
      for (const env of c.env ?? []) {
        const ref = env.valueFrom?.secretKeyRef?.name;
        if (env.valueFrom?.secretKeyRef && !mountable.has(ref ?? '')) return `${what} ${c.name} with envVar ${env.name} referencing secret.secretName="${ref ?? ''}" is not allowed because service account ${account} does not reference that secret`;
      }
    }
  }
  const pullable = names(sa.imagePullSecrets);
  const index = (spec.imagePullSecrets ?? []).findIndex((r) => !pullable.has(r.name ?? ''));
  if (index < 0) return undefined;
  const name = spec.imagePullSecrets?.[index]?.name ?? '';
  return `spec.imagePullSecrets[${index}].name: invalid value ${JSON.stringify(name)}: image pull secret is not allowed because service account ${account} does not reference that image pull secret`;
}

const isPodCreate = (a: AdmissionAttributes): boolean => a.operation === 'CREATE' && a.def.group === '' && a.def.resource === 'pods' && a.subresource === '' && a.object !== undefined;
const isMirrorPod = (pod: Pod): boolean => pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;

/** The plugin; `retryDelayMs` (upstream: 100-200 ms) is for tests. */
export function serviceAccountAdmission(get: ServiceAccountGetter, retryDelayMs = 100 + Math.floor(Math.random() * 100)): AdmissionPlugin {
  const account = async (a: AdmissionAttributes, name: string) => {
    try {
      return await lookUp(get, a.namespace, name, retryDelayMs);
    } catch (error) {
      throw forbiddenPod(a, `error looking up service account ${a.namespace}/${name}: ${errorMessage(error)}`);
    }
  };
  return {
    name: 'ServiceAccount',
    handles: (a) => isPodCreate(a),
    async admit(a) {
      if (!isPodCreate(a)) return;
      const pod = a.object as Pod;
      if (isMirrorPod(pod) || !pod.spec) return;
      const spec = pod.spec;
      // v1's deprecated serviceAccount is the name when serviceAccountName is empty, and mirrors it after.
      spec.serviceAccountName ||= spec.serviceAccount || DEFAULT_SERVICE_ACCOUNT_NAME;
      spec.serviceAccount = spec.serviceAccountName;
      const sa = await account(a, spec.serviceAccountName);
      if (shouldAutomount(sa, spec)) mountServiceAccountToken(spec);
      if (!(spec.imagePullSecrets ?? []).length && (sa.imagePullSecrets ?? []).length) spec.imagePullSecrets = (sa.imagePullSecrets ?? []).map((s) => ({ name: s.name ?? '' }));
    },
    async validate(a) {
      if (!isPodCreate(a)) return;
      const pod = a.object as Pod;
      if (isMirrorPod(pod)) return validateMirrorPod(a, pod);
      const name = pod.spec?.serviceAccountName;
      if (!name) throw forbiddenPod(a, `no service account specified for pod ${a.namespace}/${pod.metadata.name ?? ''}`);
      const sa = await account(a, name);
      if (sa.metadata.annotations?.[ENFORCE_MOUNTABLE_SECRETS] !== 'true' || !pod.spec) return;
      const violation = secretReferenceViolation(sa, pod.spec);
      if (violation) throw forbiddenPod(a, violation);
    },
  };
}
