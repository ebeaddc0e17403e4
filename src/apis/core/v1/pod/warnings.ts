// Warnings a pod (or a pod template) earns on create and update (upstream 1.25
// pkg/api/pod/warnings.go warningsForPodSpecAndMeta): deprecated node labels and annotations,
// deprecated volume plugins, duplicates that the API tolerates, fractional byte quantities.
import type { ObjectMeta } from '../../../meta/v1/types.js';
import type { NodeSelectorRequirement, Pod, PodSpec } from '../schemas.generated.js';
import { milliValue, valueOf } from './validation/resources.js';
import { forEachContainer } from './validation/windows.js';

const DEPRECATED_NODE_LABELS: Record<string, string> = {
  'beta.kubernetes.io/arch': 'deprecated since v1.14; use "kubernetes.io/arch" instead',
  'beta.kubernetes.io/os': 'deprecated since v1.14; use "kubernetes.io/os" instead',
  'failure-domain.beta.kubernetes.io/region': 'deprecated since v1.17; use "topology.kubernetes.io/region" instead',
  'failure-domain.beta.kubernetes.io/zone': 'deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
  'beta.kubernetes.io/instance-type': 'deprecated since v1.17; use "node.kubernetes.io/instance-type" instead',
};

const DEPRECATED_ANNOTATIONS: readonly { key: string; message: string }[] = [
  { key: 'scheduler.alpha.kubernetes.io/critical-pod', message: 'non-functional in v1.16+; use the "priorityClassName" field instead' },
  { key: 'security.alpha.kubernetes.io/sysctls', message: 'non-functional in v1.11+; use the "sysctls" field instead' },
  { key: 'security.alpha.kubernetes.io/unsafe-sysctls', message: 'non-functional in v1.11+; use the "sysctls" field instead' },
];

type VolumeKey = 'photonPersistentDisk' | 'gitRepo' | 'scaleIO' | 'flocker' | 'storageos' | 'quobyte' | 'glusterfs';

/** JSON key, the name upstream prints (its Go-side spelling for StorageOS), message. */
const DEPRECATED_VOLUMES: readonly [key: VolumeKey, shown: string, message: string][] = [
  ['photonPersistentDisk', 'photonPersistentDisk', 'deprecated in v1.11, non-functional in v1.16+'],
  ['gitRepo', 'gitRepo', 'deprecated in v1.11'],
  ['scaleIO', 'scaleIO', 'deprecated in v1.16, non-functional in v1.22+'],
  ['flocker', 'flocker', 'deprecated in v1.22, non-functional in v1.25+'],
  ['storageos', 'storageOS', 'deprecated in v1.22, non-functional in v1.25+'],
  ['quobyte', 'quobyte', 'deprecated in v1.22, non-functional in v1.25+'],
  ['glusterfs', 'glusterfs', 'deprecated in v1.25, non-functional in v1.26+'],
];

/** 1.25 warns about seccomp annotations only where the matching field is missing. */
const SECCOMP_ANNOTATION_MESSAGE = 'deprecated since v1.19, non-functional in v1.25+; use the "seccompProfile" field instead';
const SECCOMP_POD = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

function requirementWarnings(path: string, reqs: readonly NodeSelectorRequirement[] | undefined): string[] {
  return (reqs ?? []).flatMap((r, j) => {
    const msg = DEPRECATED_NODE_LABELS[r.key];
    return msg ? [`${path}[${j}].key: ${r.key} is ${msg}`] : [];
  });
}

function nodeLabelWarnings(spec: PodSpec, prefix: string): string[] {
  const warnings: string[] = [];
  for (const k of Object.keys(spec.nodeSelector ?? {})) {
    const msg = DEPRECATED_NODE_LABELS[k];
    if (msg) warnings.push(`${prefix}spec.nodeSelector[${k}]: ${msg}`);
  }
  const node = spec.affinity?.nodeAffinity;
  const terms = node?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  const termsPath = `${prefix}spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms`;
  terms.forEach((t, i) => warnings.push(...requirementWarnings(`${termsPath}[${i}].matchExpressions`, t.matchExpressions)));
  (node?.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((t, i) => {
    const p = `${prefix}spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[${i}].preference.matchExpressions`;
    warnings.push(...requirementWarnings(p, t.preference?.matchExpressions));
  });
  (spec.topologySpreadConstraints ?? []).forEach((t, i) => {
    const msg = DEPRECATED_NODE_LABELS[t.topologyKey];
    if (msg) warnings.push(`${prefix}spec.topologySpreadConstraints[${i}].topologyKey: ${t.topologyKey} is ${msg}`);
  });
  return warnings;
}

function annotationWarnings(meta: ObjectMeta | undefined, prefix: string): string[] {
  const annotations = meta?.annotations ?? {};
  const warnings: string[] = [];
  for (const d of DEPRECATED_ANNOTATIONS) {
    if (d.key in annotations) warnings.push(`${prefix}metadata.annotations[${d.key}]: ${d.message}`);
  }
  return warnings;
}

/** Names repeated in a list (the first use is fine), as `<path>[i].<name field>: duplicate <what> "x"`. */
function duplicateWarnings(values: readonly string[], at: (i: number) => string, what: string): string[] {
  const seen = new Set<string>();
  return values.flatMap((v, i) => {
    if (seen.has(v)) return [`${at(i)}: duplicate ${what} ${JSON.stringify(v)}`];
    seen.add(v);
    return [];
  });
}

function fractionalBytes(list: Record<string, string> | undefined, path: string): string[] {
  return ['memory', 'ephemeral-storage'].flatMap((name) => {
    const text = list?.[name];
    if (text === undefined || milliValue(valueOf(text)) % 1000n === 0n) return [];
    return [`${path}[${name}]: fractional byte value ${JSON.stringify(text)} is invalid, must be an integer`];
  });
}

function listWarnings(spec: PodSpec, prefix: string): string[] {
  const warnings: string[] = [];
  (spec.volumes ?? []).forEach((v, i) => {
    for (const [key, shown, msg] of DEPRECATED_VOLUMES) if (v[key]) warnings.push(`${prefix}spec.volumes[${i}].${shown}: ${msg}`);
  });
  const aliases = spec.hostAliases ?? [];
  if (aliases.length > 1) warnings.push(...duplicateWarnings(aliases.map((a) => a.ip ?? ''), (i) => `${prefix}spec.hostAliases[${i}].ip`, 'ip'));
  const secrets = spec.imagePullSecrets ?? [];
  if (secrets.length > 1) warnings.push(...duplicateWarnings(secrets.map((s) => s.name ?? ''), (i) => `${prefix}spec.imagePullSecrets[${i}].name`, 'name'));
  secrets.forEach((s, i) => {
    if (!s.name) warnings.push(`${prefix}spec.imagePullSecrets[${i}].name: invalid empty name ""`);
  });
  warnings.push(...fractionalBytes(spec.overhead, `${prefix}spec.overhead`));
  return warnings;
}

function containerWarnings(spec: PodSpec, meta: ObjectMeta | undefined, prefix: string): string[] {
  const annotations = meta?.annotations ?? {};
  const warnings: string[] = [];
  if (!spec.securityContext?.seccompProfile && SECCOMP_POD in annotations) {
    warnings.push(`${prefix}metadata.annotations[${SECCOMP_POD}]: ${SECCOMP_ANNOTATION_MESSAGE}`);
  }
  forEachContainer(spec, `${prefix}spec`, (c, at) => {
    const key = SECCOMP_CONTAINER_PREFIX + c.name;
    if (!c.securityContext?.seccompProfile && key in annotations) warnings.push(`${prefix}metadata.annotations[${key}]: ${SECCOMP_ANNOTATION_MESSAGE}`);
    warnings.push(...fractionalBytes(c.resources?.limits, `${at}.resources.limits`), ...fractionalBytes(c.resources?.requests, `${at}.resources.requests`));
    const env = c.env ?? [];
    if (env.length > 1) warnings.push(...duplicateWarnings(env.map((e) => e.name ?? ''), (i) => `${at}.env[${i}].name`, 'name'));
  });
  return warnings;
}

/**
 * Upstream warningsForPodSpecAndMeta; `prefix` is the path of the pod-shaped object inside its
 * parent, ending in '.' (e.g. `spec.template.` for a ReplicationController), empty for a pod.
 */
export function podSpecWarnings(spec: PodSpec, meta: ObjectMeta | undefined, prefix = ''): string[] {
  return [...nodeLabelWarnings(spec, prefix), ...annotationWarnings(meta, prefix), ...listWarnings(spec, prefix), ...containerWarnings(spec, meta, prefix)];
}

/** Upstream GetWarningsForPod. */
export function podWarnings(pod: Pod): string[] {
  return podSpecWarnings(pod.spec ?? { containers: [] }, pod.metadata);
}
