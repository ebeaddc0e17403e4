// TaintNodesByCondition (2-access-control: admission plugins; upstream plugin/pkg/admission/nodetaint, on by
// default in 1.25): a Node is created with the `node.kubernetes.io/not-ready:NoSchedule` taint, so that nothing
// is scheduled to it before its kubelet reports it ready (the node lifecycle controller removes it then).
import type { AdmissionPlugin } from '../types.js';

const NOT_READY_TAINT = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' };

interface Taint {
  key?: string;
  value?: string;
  effect?: string;
}

export function taintNodesByCondition(): AdmissionPlugin {
  return {
    name: 'TaintNodesByCondition',
    admit(a) {
      if (a.operation !== 'CREATE' || a.subresource || a.def.group !== '' || a.def.resource !== 'nodes' || !a.object) return;
      const spec = (a.object['spec'] ??= {}) as { taints?: Taint[] };
      // Taint.MatchTaint: the same key and effect.
      if ((spec.taints ?? []).some((t) => t.key === NOT_READY_TAINT.key && t.effect === NOT_READY_TAINT.effect)) return;
      spec.taints = [...(spec.taints ?? []), { ...NOT_READY_TAINT }];
    },
  };
}
