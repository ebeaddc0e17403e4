// Node validation as upstream ValidateNode / ValidateNodeUpdate (pkg/apis/core/validation), with its
// field paths as they are (taints are reported under `metadata.taints`, resources under
// `status.capacity.<name>`), and the deprecated configSource rules kept for stored objects.
import { GoLiteral, duplicate, forbidden, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import { goQuote, goStringSlice } from '../../../../registry/selectors/go-format.js';
import { isConfigMapKey, nameIsDNSSubdomain, validateNamespaceName, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { quantityAt, validateResourceQuantityValue } from '../resource-names.js';
import { validateNodeTaints } from '../taints.js';
import type { ConfigMapNodeConfigSource, Node, NodeAddress, NodeConfigSource, Taint } from '../schemas.generated.js';
import { parseCIDR } from './cidr.js';
import { errorMessage } from '../../../../errors/error-message.js';

/** The annotation older clients used for taints (core.TaintsAnnotationKey). */
const TAINTS_ANNOTATION = 'scheduler.alpha.kubernetes.io/taints';

/** Upstream ValidateNodeSpecificAnnotations: taints serialized in the taints annotation are checked too. */
function validateNodeAnnotations(annotations: Record<string, string> | undefined, path: string): FieldError[] {
  const text = annotations?.[TAINTS_ANNOTATION];
  if (!text) return [];
  let taints: unknown;
  try {
    taints = JSON.parse(text);
  } catch (error) {
    return [invalid(path, TAINTS_ANNOTATION, errorMessage(error))];
  }
  return Array.isArray(taints) ? validateNodeTaints(taints as Taint[], `${path}.${TAINTS_ANNOTATION}`) : [];
}

/** Upstream ValidateNodeResources: capacity and allocatable quantities (paths use `.name`, not `[name]`). */
function validateNodeResources(node: Node): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of ['capacity', 'allocatable'] as const) {
    for (const [name, text] of Object.entries(node.status?.[field] ?? {})) {
      errors.push(...validateResourceQuantityValue(name, quantityAt(text), `status.${field}.${name}`));
    }
  }
  return errors;
}

/** spec.podCIDRs: valid CIDRs, and with several at most one per family and no duplicates. */
function validatePodCIDRs(cidrs: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  const path = 'spec.podCIDRs';
  const all = new GoLiteral(goStringSlice(cidrs));
  const parsed = cidrs.map(parseCIDR);
  parsed.forEach((cidr, i) => {
    if (!cidr) errors.push(invalid(`${path}[${i}]`, all, 'must be valid CIDR'));
  });
  if (cidrs.length <= 1) return errors;
  const bad = parsed.findIndex((cidr) => !cidr);
  if (bad >= 0) {
    const detail = `invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR[${bad}]: <nil> (invalid CIDR address: ${cidrs[bad]})`;
    errors.push({ type: 'InternalError', field: path, detail });
  }
  const families = new Set(parsed.map((cidr) => cidr?.family));
  const dualStack = bad < 0 && families.has(4) && families.has(6);
  if (!dualStack || cidrs.length > 2) errors.push(invalid(path, all, 'may specify no more than one CIDR for each IP family'));
  const seen = new Set<string>();
  cidrs.forEach((cidr, i) => {
    if (seen.has(cidr)) errors.push(duplicate(`${path}[${i}]`, cidr));
    seen.add(cidr);
  });
  return errors;
}

/** Upstream ValidateNode. */
export function validateNode(node: Node): FieldError[] {
  const errors = validateObjectMeta(node.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  errors.push(...validateNodeAnnotations(node.metadata.annotations, 'metadata.annotations'));
  const taints = node.spec?.taints ?? [];
  if (taints.length > 0) errors.push(...validateNodeTaints(taints, 'metadata.taints'));
  errors.push(...validateNodeResources(node));
  const cidrs = node.spec?.podCIDRs ?? [];
  if (cidrs.length > 0) errors.push(...validatePodCIDRs(cidrs));
  return errors;
}

const goNodeAddress = (a: NodeAddress): string => `core.NodeAddress{Type:${goQuote(a.type ?? '')}, Address:${goQuote(a.address ?? '')}}`;

/** Once set, spec.podCIDRs and spec.providerID do not change. */
function validateSetOnce(node: Node, old: Node): FieldError[] {
  const errors: FieldError[] = [];
  const oldCIDRs = old.spec?.podCIDRs ?? [];
  const newCIDRs = node.spec?.podCIDRs ?? [];
  const cidrMessage = 'node updates may not change podCIDR except from "" to valid';
  if (oldCIDRs.length > 0) {
    // One error per differing entry, as upstream compares them.
    if (oldCIDRs.length !== newCIDRs.length) errors.push(forbidden('spec.podCIDRs', cidrMessage));
    else oldCIDRs.forEach((cidr, i) => cidr !== newCIDRs[i] && errors.push(forbidden('spec.podCIDRs', cidrMessage)));
  }
  const oldProvider = old.spec?.providerID ?? '';
  if (oldProvider && oldProvider !== (node.spec?.providerID ?? ''))
    errors.push(forbidden('spec.providerID', 'node updates may not change providerID except from "" to valid'));
  return errors;
}

/** Duplicate entries of status.addresses. */
function validateAddresses(node: Node): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (node.status?.addresses ?? []).forEach((address, i) => {
    const id = JSON.stringify([address.type, address.address]);
    if (seen.has(id)) errors.push(duplicate(`status.addresses[${i}]`, new GoLiteral(goNodeAddress(address))));
    seen.add(id);
  });
  return errors;
}

/** The deprecated configSource in spec and the config sources reported in status. */
function validateConfigSources(node: Node): FieldError[] {
  const errors = node.spec?.configSource ? validateConfigSource(node.spec.configSource, 'spec.configSource', 'spec') : [];
  for (const key of ['assigned', 'active', 'lastKnownGood'] as const) {
    const source = node.status?.config?.[key];
    if (source) errors.push(...validateConfigSource(source, `status.config.${key}`, 'status'));
  }
  return errors;
}

/** Upstream ValidateNodeUpdate (the strategy runs ValidateNode first, so some errors appear twice, as upstream). */
export function validateNodeUpdate(node: Node, old: Node): FieldError[] {
  const errors = [
    ...validateObjectMetaUpdate(node.metadata, old.metadata),
    ...validateNodeAnnotations(node.metadata.annotations, 'metadata.annotations'),
    ...validateNodeResources(node),
    ...validateAddresses(node),
    ...validateSetOnce(node, old),
    ...validateConfigSources(node),
  ];
  const taints = node.spec?.taints ?? [];
  if (taints.length > 0) errors.push(...validateNodeTaints(taints, 'metadata.taints'));
  if ((node.spec?.externalID ?? '') !== (old.spec?.externalID ?? '')) errors.push(forbidden('spec.externalID', 'may not be updated'));
  return errors;
}

const goConfigSource = (s: NodeConfigSource): string =>
  `core.NodeConfigSource{ConfigMap:(*core.ConfigMapNodeConfigSource)(${s.configMap ? '0xc000000000' : 'nil'})}`;

/** The deprecated NodeConfigSource: exactly one reference; in spec without uid/resourceVersion, in status with both. */
function validateConfigSource(source: NodeConfigSource, path: string, where: 'spec' | 'status'): FieldError[] {
  const errors: FieldError[] = [];
  if (source.configMap) errors.push(...validateConfigMapSource(source.configMap, `${path}.configMap`, where));
  else errors.push(invalid(path, new GoLiteral(goConfigSource(source)), 'exactly one reference subfield must be non-nil'));
  return errors;
}

function validateConfigMapSource(source: ConfigMapNodeConfigSource, path: string, where: 'spec' | 'status'): FieldError[] {
  const errors: FieldError[] = [];
  if (where === 'spec') {
    if (source.uid) errors.push(forbidden(`${path}.uid`, 'uid must not be set in spec'));
    if (source.resourceVersion) errors.push(forbidden(`${path}.resourceVersion`, 'resourceVersion must not be set in spec'));
  } else {
    if (!source.uid) errors.push(required(`${path}.uid`, 'uid must be set in status'));
    if (!source.resourceVersion) errors.push(required(`${path}.resourceVersion`, 'resourceVersion must be set in status'));
  }
  const check = (field: string, value: string | undefined, messages: (v: string) => string[]): void => {
    if (!value) errors.push(required(`${path}.${field}`, `${field} must be set`));
    else errors.push(...messages(value).map((m) => invalid(`${path}.${field}`, value, m)));
  };
  check('namespace', source.namespace, (v) => validateNamespaceName(v, false));
  check('name', source.name, (v) => nameIsDNSSubdomain(v, false));
  check('kubeletConfigKey', source.kubeletConfigKey, isConfigMapKey);
  return errors;
}
