// ReplicationController defaults (upstream SetDefaults_ReplicationController, 1.25): selector and labels
// from the template's labels when unset, one replica.
import { defaultPodSpec } from '../pod/defaults.js';
import type { ReplicationController } from '../schemas.generated.js';

const isEmpty = (map: Record<string, string> | undefined): boolean => map === undefined || Object.keys(map).length === 0;

/** upstream SetDefaults_ReplicationController. */
export function defaultReplicationController(rc: ReplicationController): void {
  const spec = (rc.spec ??= {});
  const labels = spec.template?.metadata?.labels;
  if (labels) {
    if (isEmpty(spec.selector)) spec.selector = { ...labels };
    if (isEmpty(rc.metadata.labels)) rc.metadata.labels = { ...labels };
  }
  spec.replicas ??= 1;
  // SetObjectDefaults_ReplicationController: the template's PodSpec defaults.
  if (spec.template) defaultPodSpec((spec.template.spec ??= { containers: [] }));
}
