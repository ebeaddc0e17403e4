// Pod validation as upstream 1.25 pkg/apis/core/validation: pure functions over v1 objects returning
// field errors with upstream's paths, types and messages. The Pod kind's strategy calls these.
export type { PodValidationOptions } from './common.js';
export { podValidationOptions } from './common.js';
export { validatePod, validatePodTemplateSpec } from './pod.js';
export { validatePodSpec } from './pod-spec.js';
export { validatePodUpdate, validatePodStatusUpdate, validatePodEphemeralContainersUpdate } from './update.js';
export { validateTolerations } from './tolerations.js';
export { validateNodeSelector, validateNodeSelectorTerm, validateAffinity } from './affinity.js';
export { validateLabelSelector } from './common.js';
export { validateResourceRequirements } from './resources.js';
