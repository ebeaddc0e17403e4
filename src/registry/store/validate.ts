// Validation steps shared by create and update, in upstream's order: the kind's own validation first
// (it includes ObjectMeta with the kind's name rules), then generic ObjectMeta validation with
// path-segment names, so the most specific message wins.
import { invalid } from '../../errors/status-error.js';
import type { FieldError } from '../../errors/field-errors.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { validateObjectMeta, validateObjectMetaUpdate, validatePathSegmentName } from '../../apis/meta/v1/validation.js';
import { DEFAULT_VALIDATION, type ResourceDefinition, type ValidationContext } from '../resource-definition.js';
import { keepStatus, objectSubresource } from '../subresource.js';

function throwIfAny(def: ResourceDefinition, obj: KubeObject, errors: readonly FieldError[]): void {
  if (errors.length > 0) throw invalid(def.group, def.kind, obj.metadata.name ?? '', errors);
}

export function validateCreate(def: ResourceDefinition, obj: KubeObject, context: ValidationContext = DEFAULT_VALIDATION): void {
  throwIfAny(def, obj, def.strategy.validate?.(obj, context) ?? []);
  throwIfAny(def, obj, validateObjectMeta(obj.metadata, { namespaced: def.namespaced, nameValidator: validatePathSegmentName }));
}

export function validateUpdate(def: ResourceDefinition, obj: KubeObject, old: KubeObject, subresource: string, context: ValidationContext = DEFAULT_VALIDATION): void {
  const kindErrors = subresource ? (objectSubresource(def, subresource)?.validateUpdate?.(obj, old, context) ?? []) : (def.strategy.validateUpdate?.(obj, old, context) ?? []);
  throwIfAny(def, obj, kindErrors);
  throwIfAny(def, obj, [
    ...validateObjectMeta(obj.metadata, { namespaced: def.namespaced, nameValidator: validatePathSegmentName }),
    ...validateObjectMetaUpdate(obj.metadata, old.metadata),
  ]);
}

/** Let the strategy carry over what this kind of update may not change. */
export function prepareUpdate(def: ResourceDefinition, obj: KubeObject, old: KubeObject, subresource: string): void {
  if (subresource) {
    objectSubresource(def, subresource)?.prepareForUpdate?.(obj, old);
    return;
  }
  // A kind with a status subresource keeps its status on updates of the main resource.
  for (const s of def.subresources ?? []) if (s.type === 'object' && s.resetOnMainResource?.includes('status')) keepStatus(obj, old);
  def.strategy.prepareForUpdate?.(obj, old);
}

/** Bump metadata.generation when anything besides metadata and status changed (tracksGeneration kinds). */
export function bumpGeneration(def: ResourceDefinition, obj: KubeObject, old: KubeObject, subresource = ''): void {
  if (!def.strategy.tracksGeneration) return;
  const withoutMeta = ({ metadata: _m, status: _s, ...rest }: KubeObject): string => JSON.stringify(rest);
  // A strategy's own rule is the main resource's: upstream's status strategies bump nothing.
  const custom = subresource ? undefined : def.strategy.generationChanged;
  const changed = custom ? custom(obj, old) : withoutMeta(obj) !== withoutMeta(old);
  obj.metadata.generation = (old.metadata.generation ?? 1) + (changed ? 1 : 0);
}
