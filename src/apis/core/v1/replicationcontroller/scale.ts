// `replicationcontrollers/<name>/scale` (upstream replicationcontroller ScaleREST, 1.25): an autoscaling/v1
// Scale view of spec.replicas, status.replicas and the selector; writing it sets spec.replicas through
// the controller's own strategy.
import { conflict, invalid, notFound } from '../../../../errors/status-error.js';
import { invalid as invalidField, type FieldError } from '../../../../errors/field-errors.js';
import type { KubeObject } from '../../../meta/v1/types.js';
import { nameIsDNSSubdomain, validateObjectMeta } from '../../../meta/v1/validation.js';
import { selectorFromSet } from '../../../printers/pod-template-cells.js';
import type { SubresourceAccess, ViewSubresource, ViewWriteOptions } from '../../../../registry/subresource.js';
import { ScaleSchema, type Scale } from '../../../autoscaling/v1/schemas.generated.js';
import type { ReplicationController } from '../schemas.generated.js';
import { NEGATIVE_MESSAGE } from './validation.js';

/** The names upstream's scale errors use. */
const SCALE_OF_RC = { group: 'autoscaling', resource: 'replicationcontrollers/scale' };
const CORE_SCALE_OF_RC = { group: '', resource: 'replicationcontrollers/scale' };

/** upstream scaleFromRC. */
export function scaleFromReplicationController(rc: ReplicationController): Scale {
  const { name, namespace, uid, resourceVersion, creationTimestamp } = rc.metadata;
  return {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: rc.spec?.replicas ?? 0 },
    status: { replicas: rc.status?.replicas ?? 0, selector: selectorFromSet(rc.spec?.selector) },
  };
}

/** upstream autoscaling ValidateScale: metadata, and replicas not negative. */
export function validateScale(scale: Scale): FieldError[] {
  const errors = validateObjectMeta(scale.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  const replicas = scale.spec?.replicas ?? 0;
  if (replicas < 0) errors.push(invalidField('spec.replicas', replicas, NEGATIVE_MESSAGE));
  return errors;
}

async function getScale(access: SubresourceAccess, namespace: string, name: string): Promise<KubeObject> {
  try {
    return scaleFromReplicationController((await access.parent.get(namespace, name)).object as ReplicationController);
  } catch {
    throw notFound(SCALE_OF_RC, name);
  }
}

/** upstream scaleUpdatedObjectInfo: the controller with the scale's replicas (and resourceVersion as precondition). */
function applyScale(current: Readonly<KubeObject> | undefined, scale: Scale, name: string): ReplicationController {
  if (!current) throw notFound(CORE_SCALE_OF_RC, name);
  const rc = structuredClone(current) as ReplicationController;
  const errors = validateScale(scale);
  if (errors.length > 0) throw invalid('autoscaling', 'Scale', rc.metadata.name ?? name, errors);
  if (scale.metadata.uid && scale.metadata.uid !== rc.metadata.uid) {
    throw conflict(CORE_SCALE_OF_RC, name, `Precondition failed: UID in precondition: ${scale.metadata.uid}, UID in object meta: ${rc.metadata.uid ?? ''}`);
  }
  rc.spec = { ...rc.spec, replicas: scale.spec?.replicas ?? 0 };
  if (scale.metadata.resourceVersion) rc.metadata.resourceVersion = scale.metadata.resourceVersion;
  else delete rc.metadata.resourceVersion;
  return rc;
}

async function updateScale(access: SubresourceAccess, namespace: string, name: string, obj: KubeObject, options: ViewWriteOptions): Promise<KubeObject> {
  // Written as an update of the controller itself: its strategy bumps the generation and validates.
  const { object } = await access.parent.update(namespace, name, (current) => applyScale(current, obj as Scale, name), options);
  return scaleFromReplicationController(object as ReplicationController);
}

/** The `scale` subresource of replication controllers. */
export const replicationControllerScale: ViewSubresource = {
  type: 'view',
  name: 'scale',
  verbs: ['get', 'patch', 'update'],
  kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
  schema: ScaleSchema,
  definitionName: 'io.k8s.api.autoscaling.v1.Scale',
  get: getScale,
  update: updateScale,
};
