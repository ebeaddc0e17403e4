// AlwaysDeny (2-access-control: admission plugins; upstream plugin/pkg/admission/deny, deprecated, off by
// default): refuses every write in both phases with upstream's 403, `admission control is denying all
// modifications`.
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';

const DENY = 'admission control is denying all modifications';

export function alwaysDeny(): AdmissionPlugin {
  const refuse = (a: AdmissionAttributes): never => {
    throw admissionForbidden(a, DENY);
  };
  return { name: 'AlwaysDeny', connect: true, handles: () => true, admit: refuse, validate: refuse };
}
