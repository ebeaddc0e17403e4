// NodeRestriction's rules for Node objects (upstream admitNode, 1.25): a node writes only its own Node; it
// may not register or update with a config source, change its taints, or set labels that would steer
// workloads to it (`node-restriction.kubernetes.io/`, and kubernetes.io / k8s.io labels other than the
// kubelet's own).
import type { Node } from '../../apis/core/v1/schemas.generated.js';
import { canonicalJson } from '../../apis/core/v1/go-struct-diff.js';
import type { AdmissionAttributes } from '../types.js';
import { admissionForbidden as forbid } from '../forbidden.js';

/** upstream v1.LabelNamespaceNodeRestriction. */
export const NODE_RESTRICTION_LABEL_DOMAIN = 'node-restriction.kubernetes.io';

/** The labels a kubelet sets itself (upstream kubeletapis.IsKubeletLabel). */
const KUBELET_LABELS: ReadonlySet<string> = new Set([
  'kubernetes.io/hostname',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'beta.kubernetes.io/instance-type',
  'node.kubernetes.io/instance-type',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
]);
const KUBELET_LABEL_DOMAINS = ['kubelet.kubernetes.io', 'node.kubernetes.io'];

const labelDomain = (key: string): string => (key.includes('/') ? key.slice(0, key.indexOf('/')) : '');
const inDomain = (domain: string, of: string): boolean => domain === of || domain.endsWith(`.${of}`);
const isKubeletLabel = (key: string): boolean => KUBELET_LABELS.has(key) || KUBELET_LABEL_DOMAINS.some((d) => inDomain(labelDomain(key), d));
const isKubernetesLabel = (key: string): boolean => inDomain(labelDomain(key), 'kubernetes.io') || inDomain(labelDomain(key), 'k8s.io');

/** The keys added, removed or changed between two label sets. */
export function modifiedLabels(next: Readonly<Record<string, string>>, previous: Readonly<Record<string, string>>): string[] {
  const keys = new Set([...Object.keys(next), ...Object.keys(previous)]);
  return [...keys].filter((key) => next[key] !== previous[key]);
}

/** The labels among `keys` a node may not set, sorted (upstream getForbiddenLabels). */
export function forbiddenNodeLabels(keys: readonly string[]): string[] {
  return keys.filter((key) => inDomain(labelDomain(key), NODE_RESTRICTION_LABEL_DOMAIN) || (isKubernetesLabel(key) && !isKubeletLabel(key))).sort();
}

export function admitNode(node: string, a: AdmissionAttributes): void {
  if (a.name !== node) throw forbid(a, `node "${node}" is not allowed to modify node "${a.name}"`);
  const object = a.object as Node | undefined;
  if (a.operation === 'CREATE' && object) {
    if (object.spec?.configSource) throw forbid(a, `node "${node}" is not allowed to create pods with a non-nil configSource`);
    const forbidden = forbiddenNodeLabels(modifiedLabels(object.metadata.labels ?? {}, {}));
    if (forbidden.length > 0) throw forbid(a, `node "${node}" is not allowed to set the following labels: ${forbidden.join(', ')}`);
  }
  if (a.operation === 'UPDATE' && object) {
    const old = a.oldObject as Node;
    const source = object.spec?.configSource;
    if (source && canonicalJson(source) !== canonicalJson(old.spec?.configSource)) throw forbid(a, `node "${node}" is not allowed to update configSource to a new non-nil configSource`);
    if (canonicalJson(object.spec?.taints ?? []) !== canonicalJson(old.spec?.taints ?? [])) throw forbid(a, `node "${node}" is not allowed to modify taints`);
    const forbidden = forbiddenNodeLabels(modifiedLabels(object.metadata.labels ?? {}, old.metadata.labels ?? {}));
    if (forbidden.length > 0) throw forbid(a, `is not allowed to modify labels: ${forbidden.join(', ')}`);
  }
}
