// Runs admission plugins in their two phases. The store calls `mutate` before the kind's strategy
// prepares the object and `validate` after the strategy validated it (upstream order).
import type { AdmissionAttributes, AdmissionPlugin } from './types.js';

export interface Admission {
  mutate(attributes: AdmissionAttributes): Promise<void>;
  validate(attributes: AdmissionAttributes): Promise<void>;
}

export function admissionChain(plugins: readonly AdmissionPlugin[]): Admission {
  return {
    async mutate(attributes) {
      for (const plugin of plugins) if (plugin.admit) await plugin.admit(attributes);
      // upstream's reinvoker: one more round when a plugin asked for it (webhook reinvocation).
      const reinvocation = attributes.reinvocation;
      if (reinvocation?.shouldReinvoke && !reinvocation.isReinvoke) {
        reinvocation.isReinvoke = true;
        for (const plugin of plugins) if (plugin.admit) await plugin.admit(attributes);
      }
    },
    async validate(attributes) {
      for (const plugin of plugins) if (plugin.validate) await plugin.validate(attributes);
    },
  };
}
