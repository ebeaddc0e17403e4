// Runs admission plugins in their two phases. The store calls `mutate` before the kind's strategy
// prepares the object and `validate` after the strategy validated it (upstream order).
import type { AdmissionAttributes, AdmissionPlugin } from './types.js';

export interface Admission {
  mutate(attributes: AdmissionAttributes): Promise<void>;
  validate(attributes: AdmissionAttributes): Promise<void>;
}

export function admissionChain(plugins: readonly AdmissionPlugin[]): Admission {
  const admitting = plugins.filter((p) => p.admit);
  const validating = plugins.filter((p) => p.validate);
  const admittingConnect = admitting.filter((p) => p.connect);
  const validatingConnect = validating.filter((p) => p.connect);
  // A plugin that decides at once (most do, and the webhook plugins without configurations) is not awaited:
  // no turn of the microtask queue for it.
  const admitAll = async (attributes: AdmissionAttributes): Promise<void> => {
    for (const plugin of attributes.operation === 'CONNECT' ? admittingConnect : admitting) {
      if (plugin.handles && !plugin.handles(attributes)) continue;
      const pending = plugin.admit!(attributes);
      if (pending) await pending;
    }
  };
  return {
    async mutate(attributes) {
      await admitAll(attributes);
      // upstream's reinvoker: one more round when a plugin asked for it (webhook reinvocation).
      const reinvocation = attributes.reinvocation;
      if (reinvocation?.shouldReinvoke && !reinvocation.isReinvoke) {
        reinvocation.isReinvoke = true;
        await admitAll(attributes);
      }
    },
    async validate(attributes) {
      for (const plugin of attributes.operation === 'CONNECT' ? validatingConnect : validating) {
        if (plugin.handles && !plugin.handles(attributes)) continue;
        const pending = plugin.validate!(attributes);
        if (pending) await pending;
      }
    },
  };
}
