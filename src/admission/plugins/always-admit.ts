// AlwaysAdmit (2-access-control: admission plugins; upstream plugin/pkg/admission/admit, deprecated, off by
// default): admits every request. It has nothing to do, so the chain never calls it.
import type { AdmissionPlugin } from '../types.js';

export function alwaysAdmit(): AdmissionPlugin {
  return { name: 'AlwaysAdmit', handles: () => false };
}
