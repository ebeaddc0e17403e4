// The `scale` subresource of Deployments, ReplicaSets and StatefulSets (upstream apps ScaleREST, 1.25):
// the shared autoscaling/v1 Scale view, its selector the label selector as a string, its errors
// naming `<resource>/scale.apps`.
import type { ViewSubresource } from '../../../registry/subresource.js';
import type { KubeObject } from '../../meta/v1/types.js';
import type { LabelSelector } from '../../meta/v1/schemas.generated.js';
import { labelSelectorFromObject } from '../../../registry/selectors/index.js';
import { scaleSubresource } from '../../autoscaling/v1/scale.js';

/** An apps kind with replicas and a selector. */
type Scalable = KubeObject & { spec?: { replicas?: number; selector?: LabelSelector }; status?: { replicas?: number } };

/** The `scale` subresource of the apps resource `resource` (`deployments`, `replicasets`, `statefulsets`). */
export function appsScale<T extends Scalable>(resource: string): ViewSubresource {
  const errors = { group: 'apps', resource: `${resource}/scale` };
  return scaleSubresource<T>({
    getErrors: errors,
    writeErrors: errors,
    specReplicas: (obj) => obj.spec?.replicas ?? 0,
    statusReplicas: (obj) => obj.status?.replicas ?? 0,
    // upstream LabelSelectorAsSelector(...).String(); an invalid selector is a 400, as upstream answers.
    selector: (obj) => labelSelectorFromObject(obj.spec?.selector).toString(),
    withReplicas: (obj, replicas) => ({ ...obj, spec: { ...obj.spec, replicas } }),
  });
}
