// The `scale` subresource every scalable kind serves (upstream's ScaleREST of replicationcontrollers,
// deployments, replicasets and statefulsets, 1.25): an autoscaling/v1 Scale view of spec.replicas,
// status.replicas and the selector; writing it sets spec.replicas through the parent's own update, so
// the parent's strategy bumps the generation and validates as for any other update.
import { conflict, invalid, notFound } from '../../../errors/status-error.js';
import type { FieldError } from '../../../errors/field-errors.js';
import type { KubeObject } from '../../meta/v1/types.js';
import { nameIsDNSSubdomain, validateNonnegativeField, validateObjectMeta } from '../../meta/v1/validation.js';
import type { SubresourceAccess, ViewPatch, ViewSubresource, ViewWriteOptions } from '../../../registry/subresource.js';
import { ScaleSchema, type Scale } from './schemas.generated.js';

/** A group and resource as upstream's scale errors name them (`deployments/scale.apps`). */
export interface ScaleErrorResource {
  group: string;
  resource: string;
}

/** What a kind tells the shared scale subresource about itself. */
export interface ScaleTarget<T extends KubeObject> {
  /** The resource a failed GET names (RC: `replicationcontrollers/scale.autoscaling`). */
  getErrors: ScaleErrorResource;
  /** The resource a failed write names (RC: `replicationcontrollers/scale`; apps: `deployments/scale.apps`). */
  writeErrors: ScaleErrorResource;
  /** spec.replicas as the kind defaults it. */
  specReplicas(obj: T): number;
  /** status.replicas. */
  statusReplicas(obj: T): number;
  /** status.selector of the Scale: the selector as a label-selector string. */
  selector(obj: T): string;
  /** The parent with spec.replicas set. */
  withReplicas(obj: T, replicas: number): T;
}

/** upstream scaleFrom<Kind>: the Scale view of `obj`. */
export function scaleOf<T extends KubeObject>(target: ScaleTarget<T>, obj: T): Scale {
  const { name, namespace, uid, resourceVersion, creationTimestamp } = obj.metadata;
  return {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: target.specReplicas(obj) },
    status: { replicas: target.statusReplicas(obj), selector: target.selector(obj) },
  };
}

/** upstream autoscaling ValidateScale: metadata, and replicas not negative. */
export function validateScale(scale: Scale): FieldError[] {
  return [...validateObjectMeta(scale.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateNonnegativeField(scale.spec?.replicas, 'spec.replicas')];
}

/** upstream scaleUpdatedObjectInfo: the parent with the scale's replicas (and resourceVersion as precondition). */
function applyScale<T extends KubeObject>(target: ScaleTarget<T>, current: Readonly<KubeObject> | undefined, scale: Scale, name: string): T {
  if (!current) throw notFound(target.writeErrors, name);
  const parent = structuredClone(current) as T;
  const errors = validateScale(scale);
  if (errors.length > 0) throw invalid('autoscaling', 'Scale', parent.metadata.name ?? name, errors);
  if (scale.metadata.uid && scale.metadata.uid !== parent.metadata.uid) {
    throw conflict(target.writeErrors, name, `Precondition failed: UID in precondition: ${scale.metadata.uid}, UID in object meta: ${parent.metadata.uid ?? ''}`);
  }
  const updated = target.withReplicas(parent, scale.spec?.replicas ?? 0);
  if (scale.metadata.resourceVersion) updated.metadata.resourceVersion = scale.metadata.resourceVersion;
  else delete updated.metadata.resourceVersion;
  return updated;
}

/** The `scale` subresource of a kind: GET, PUT and PATCH of its autoscaling/v1 Scale. */
export function scaleSubresource<T extends KubeObject>(target: ScaleTarget<T>): ViewSubresource {
  return {
    type: 'view',
    name: 'scale',
    verbs: ['get', 'patch', 'update'],
    kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
    schema: ScaleSchema,
    definitionName: 'io.k8s.api.autoscaling.v1.Scale',
    async get(access: SubresourceAccess, namespace: string, name: string): Promise<KubeObject> {
      let parent: KubeObject;
      try {
        parent = (await access.parent.get(namespace, name)).object;
      } catch {
        throw notFound(target.getErrors, name);
      }
      return scaleOf(target, parent as T);
    },
    // Admission sees Scales, of resource <parent>/scale (upstream's scaleUpdatedObjectInfo runs the handler's
    // mutating admission on the request's Scale against the current one, toScaleUpdateValidation the validating
    // phase on the updated parent's Scale): a webhook for `deployments/scale` is called, one for `deployments` is not.
    async update(access: SubresourceAccess, namespace: string, name: string, obj: KubeObject | ViewPatch, options: ViewWriteOptions): Promise<KubeObject> {
      const viewAdmission = { subresource: 'scale', view: (parent: Readonly<KubeObject>) => scaleOf(target, parent as T) };
      const write = { ...options, managedFieldsSubresource: 'scale', viewAdmission };
      const { object } = await access.parent.update(namespace, name, async (current) => {
        if (!current) throw notFound(target.writeErrors, name);
        // Each attempt starts from the request as sent (upstream deep-copies it): admission may have changed the last one.
        const old = viewAdmission.view(current);
        const scale = typeof obj === 'function' ? obj(old) : structuredClone(obj);
        await access.parent.mutateSubresourceUpdate?.(namespace, name, 'scale', scale, old, write);
        return applyScale(target, current, scale as Scale, name);
      }, write);
      return scaleOf(target, object as T);
    },
  };
}
