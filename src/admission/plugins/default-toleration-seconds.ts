// DefaultTolerationSeconds (2-access-control: admission plugins; upstream plugin/pkg/admission/
// defaulttolerationseconds, on by default in 1.25): a pod created or updated without a toleration of the
// `node.kubernetes.io/not-ready` or `node.kubernetes.io/unreachable` NoExecute taint gets one, for
// `--default-not-ready-toleration-seconds` and `--default-unreachable-toleration-seconds` (300 each).
// Subresources are left alone.
import type { AdmissionPlugin } from '../types.js';

const NOT_READY = 'node.kubernetes.io/not-ready';
const UNREACHABLE = 'node.kubernetes.io/unreachable';

interface Toleration {
  key?: string;
  operator?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** Seconds of the two tolerations the plugin adds (the kube-apiserver flags). */
export interface DefaultTolerationSecondsConfig {
  notReadySeconds: number;
  unreachableSeconds: number;
}

/** Upstream's test: a toleration of that key, or of every key, for NoExecute or every effect. */
const tolerates = (tolerations: readonly Toleration[], key: string): boolean =>
  tolerations.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));

export function defaultTolerationSeconds(config: DefaultTolerationSecondsConfig): AdmissionPlugin {
  return {
    name: 'DefaultTolerationSeconds',
    admit(a) {
      if ((a.operation !== 'CREATE' && a.operation !== 'UPDATE') || a.subresource || a.def.group !== '' || a.def.resource !== 'pods' || !a.object) return;
      const spec = (a.object['spec'] ??= {}) as { tolerations?: Toleration[] };
      const tolerations = spec.tolerations ?? [];
      const added: Toleration[] = [];
      if (!tolerates(tolerations, NOT_READY)) added.push({ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: config.notReadySeconds });
      if (!tolerates(tolerations, UNREACHABLE)) added.push({ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: config.unreachableSeconds });
      if (added.length > 0) spec.tolerations = [...tolerations, ...added];
    },
  };
}
