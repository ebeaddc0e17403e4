// apps/v1: Deployments, ReplicaSets, StatefulSets, DaemonSets and ControllerRevisions as kube-apiserver
// 1.25 serves them (no controllers run here: status is whatever a client writes through `status`).
export { deploymentDefinition } from './deployment.js';
export { replicaSetDefinition } from './replicaset.js';
export { statefulSetDefinition } from './statefulset.js';
export { daemonSetDefinition } from './daemonset.js';
export { controllerRevisionDefinition } from './controllerrevision.js';
