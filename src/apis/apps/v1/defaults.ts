// apps/v1 defaults (upstream pkg/apis/apps/v1/defaults.go and the generated SetObjectDefaults_*, 1.25).
// The templates are Go values, never nil: their PodSpec defaults always apply. StatefulSet's
// persistentVolumeClaimRetentionPolicy (StatefulSetAutoDeletePVC) and rollingUpdate.maxUnavailable
// (MaxUnavailableStatefulSet) are alpha gates off in 1.25, so neither is defaulted.
import { defaultPodSpec } from '../../core/v1/pod/defaults.js';
import { defaultPersistentVolumeClaim } from '../../core/v1/persistentvolumeclaim/strategy.js';
import type { PodTemplateSpec } from '../../core/v1/schemas.generated.js';
import type { DaemonSet, DaemonSetSpec, Deployment, DeploymentSpec, ReplicaSet, ReplicaSetSpec, StatefulSet, StatefulSetSpec } from './schemas.generated.js';

/** The template's PodSpec defaults (SetDefaults_PodSpec and what it reaches). */
function defaultTemplate(template: PodTemplateSpec): void {
  defaultPodSpec((template.spec ??= { containers: [] }));
}

/** upstream SetDefaults_Deployment: one replica, RollingUpdate 25%/25%, history 10, deadline 600s. */
export function defaultDeployment(deployment: Deployment): void {
  const spec = (deployment.spec ??= {} as DeploymentSpec);
  spec.replicas ??= 1;
  const strategy = (spec.strategy ??= {});
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const rolling = (strategy.rollingUpdate ??= {});
    rolling.maxUnavailable ??= '25%';
    rolling.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  defaultTemplate((spec.template ??= {}));
}

/** upstream SetDefaults_ReplicaSet: one replica. */
export function defaultReplicaSet(rs: ReplicaSet): void {
  const spec = (rs.spec ??= {} as ReplicaSetSpec);
  spec.replicas ??= 1;
  defaultTemplate((spec.template ??= {}));
}

/** upstream SetDefaults_StatefulSet: OrderedReady, RollingUpdate with partition 0, one replica, history 10. */
export function defaultStatefulSet(sts: StatefulSet): void {
  const spec = (sts.spec ??= {} as StatefulSetSpec);
  spec.podManagementPolicy ||= 'OrderedReady';
  const strategy = (spec.updateStrategy ??= {});
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    strategy.rollingUpdate ??= {};
  }
  if (strategy.type === 'RollingUpdate' && strategy.rollingUpdate) strategy.rollingUpdate.partition ??= 0;
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultTemplate((spec.template ??= {}));
  // SetObjectDefaults_StatefulSet: each claim template as a PersistentVolumeClaim (volumeMode, phase
  // Pending); and upstream's v1 conversion always writes their apiVersion and kind.
  if (spec.volumeClaimTemplates) {
    spec.volumeClaimTemplates = spec.volumeClaimTemplates.map(({ apiVersion: _v, kind: _k, ...claim }) => {
      defaultPersistentVolumeClaim(claim);
      return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', ...claim };
    });
  }
}

/** upstream SetDefaults_DaemonSet: RollingUpdate with maxUnavailable 1 and maxSurge 0, history 10. */
export function defaultDaemonSet(ds: DaemonSet): void {
  const spec = (ds.spec ??= {} as DaemonSetSpec);
  const strategy = (spec.updateStrategy ??= {});
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const rolling = (strategy.rollingUpdate ??= {});
    rolling.maxUnavailable ??= 1;
    rolling.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultTemplate((spec.template ??= {}));
}
