// `replicationcontrollers/<name>/scale` (upstream replicationcontroller ScaleREST, 1.25), through the
// shared scale subresource: the selector is the controller's label set as a selector string.
import type { ViewSubresource } from '../../../../registry/subresource.js';
import { scaleOf, scaleSubresource, type ScaleTarget } from '../../../autoscaling/v1/scale.js';
import type { Scale } from '../../../autoscaling/v1/schemas.generated.js';
import { selectorFromSet } from '../../../printers/pod-template-cells.js';
import type { ReplicationController } from '../schemas.generated.js';

/** A failed GET names `replicationcontrollers/scale.autoscaling`, a failed write the core group. */
const RC_SCALE: ScaleTarget<ReplicationController> = {
  getErrors: { group: 'autoscaling', resource: 'replicationcontrollers/scale' },
  writeErrors: { group: '', resource: 'replicationcontrollers/scale' },
  specReplicas: (rc) => rc.spec?.replicas ?? 0,
  statusReplicas: (rc) => rc.status?.replicas ?? 0,
  selector: (rc) => selectorFromSet(rc.spec?.selector),
  withReplicas: (rc, replicas) => ({ ...rc, spec: { ...rc.spec, replicas } }),
};

/** upstream scaleFromRC. */
export const scaleFromReplicationController = (rc: ReplicationController): Scale => scaleOf(RC_SCALE, rc);

/** The `scale` subresource of replication controllers. */
export const replicationControllerScale: ViewSubresource = scaleSubresource(RC_SCALE);
