// Node defaults and strategy (upstream SetDefaults_NodeStatus, the v1 NodeSpec conversion of podCIDR,
// and pkg/registry/core/node/strategy.go): nodes may set status on create (the kubelet registers
// with it); the deprecated configSource is dropped unless the stored node already uses it.
import type { FieldError } from '../../../../errors/field-errors.js';
import type { Strategy } from '../../../../registry/resource-definition.js';
import type { Node } from '../schemas.generated.js';
import { validateNode, validateNodeUpdate } from './validation.js';

/**
 * Upstream SetDefaults_NodeStatus (allocatable defaults to capacity) and the v1 conversion that keeps
 * spec.podCIDR equal to spec.podCIDRs[0] (a lone podCIDR becomes the list).
 */
export function defaultNode(node: Node): void {
  const status = node.status;
  if (status?.capacity && !status.allocatable) status.allocatable = { ...status.capacity };
  const spec = node.spec;
  if (!spec) return;
  const first = spec.podCIDRs?.[0];
  if (first !== undefined) spec.podCIDR = first;
  else if (spec.podCIDR) spec.podCIDRs = [spec.podCIDR];
}

/** Create: configSource and status.config are gone (DynamicKubeletConfig was removed). */
export function prepareNodeForCreate(node: Node): void {
  if (node.spec) delete node.spec.configSource;
  if (node.status) delete node.status.config;
}

/** Update of the main resource: status comes from `old`; configSource stays only if `old` had one. */
export function prepareNodeForUpdate(node: Node, old: Node): void {
  if (old.status === undefined) delete node.status;
  else node.status = structuredClone(old.status);
  if (!old.spec?.configSource && node.spec) delete node.spec.configSource;
}

/** Update of `status`: spec comes from `old`; status.config stays only if `old` had one. */
export function prepareNodeForStatusUpdate(node: Node, old: Node): void {
  if (old.spec === undefined) delete node.spec;
  else node.spec = structuredClone(old.spec);
  if (!old.status?.config && node.status) delete node.status.config;
}

/** upstream nodeStrategy.ValidateUpdate: ValidateNode, then ValidateNodeUpdate. */
export function validateNodeMainUpdate(node: Node, old: Node): FieldError[] {
  return [...validateNode(node), ...validateNodeUpdate(node, old)];
}

export const nodeStrategy: Strategy<Node> = {
  prepareForCreate: prepareNodeForCreate,
  validate: validateNode,
  prepareForUpdate: prepareNodeForUpdate,
  validateUpdate: validateNodeMainUpdate,
};
