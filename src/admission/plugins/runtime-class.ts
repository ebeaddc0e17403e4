// RuntimeClass (2-access-control: admission plugins; upstream plugin/pkg/admission/runtimeclass, on by default in
// 1.25): a pod created with `runtimeClassName` gets the class's pod overhead and scheduling (node selector and
// tolerations merged in), and is refused (403) when the class does not exist, when its own overhead differs
// from the class's, or when it sets an overhead the class does not define.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Pod } from '../../apis/core/v1/schemas.generated.js';
import type { RuntimeClass } from '../../apis/node/v1/schemas.generated.js';
import { semanticEqual } from '../../apis/core/v1/pod/validation/common.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { mergeTolerations } from './merge-tolerations.js';

/** Reads a RuntimeClass by name (the plugin's lister, then a live read, upstream). */
export type RuntimeClassGetter = (name: string) => Promise<Readonly<KubeObject> | undefined>;

/** shouldIgnore: only creates of pods themselves (the plugin's handler takes creates only). */
const handled = (a: AdmissionAttributes): boolean => a.operation === 'CREATE' && !a.subresource && a.def.group === '' && a.def.resource === 'pods' && !!a.object;

export function runtimeClassAdmission(getRuntimeClass: RuntimeClassGetter): AdmissionPlugin {
  /** prepareObjects: the pod's class, undefined without one; a 403 when it names none that exists. */
  const classOf = async (a: AdmissionAttributes, pod: Pod): Promise<RuntimeClass | undefined> => {
    const name = pod.spec?.runtimeClassName;
    if (name === undefined) return undefined;
    const found = await getRuntimeClass(name);
    if (!found) throw admissionForbidden(a, `pod rejected: RuntimeClass ${JSON.stringify(name)} not found`);
    return found as RuntimeClass;
  };
  return {
    name: 'RuntimeClass',
    handles: (a) => handled(a),
    async admit(a) {
      if (!handled(a)) return;
      const pod = a.object as Pod;
      const runtimeClass = await classOf(a, pod);
      if (!runtimeClass) return;
      const spec = (pod.spec ??= { containers: [] });
      const podFixed = runtimeClass.overhead?.podFixed;
      if (runtimeClass.overhead) {
        if (Object.keys(spec.overhead ?? {}).length > 0 && !semanticEqual(podFixed, spec.overhead)) throw mismatch(a);
        if (podFixed === undefined) delete spec.overhead;
        else spec.overhead = { ...podFixed };
      }
      const scheduling = runtimeClass.scheduling;
      if (!scheduling) return;
      // The class is the cache's shared object: what goes into the pod is copied.
      const selector = spec.nodeSelector === undefined ? (scheduling.nodeSelector && { ...scheduling.nodeSelector }) : { ...spec.nodeSelector };
      if (spec.nodeSelector !== undefined && selector) {
        for (const [key, value] of Object.entries(scheduling.nodeSelector ?? {})) {
          const podValue = selector[key];
          if (podValue !== undefined && podValue !== value) {
            throw admissionForbidden(a, `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${value}; pod.spec.nodeSelector[${key}] = ${podValue}`);
          }
          selector[key] = value;
        }
      }
      if (selector === undefined) delete spec.nodeSelector;
      else spec.nodeSelector = selector;
      const tolerations = mergeTolerations(spec.tolerations ?? [], structuredClone(scheduling.tolerations ?? []));
      if (tolerations.length > 0) spec.tolerations = tolerations;
      else delete spec.tolerations;
    },
    async validate(a) {
      if (!handled(a)) return;
      const pod = a.object as Pod;
      const runtimeClass = await classOf(a, pod);
      const overhead = pod.spec?.overhead;
      if (runtimeClass?.overhead) {
        if (!semanticEqual(runtimeClass.overhead.podFixed, overhead)) throw mismatch(a);
      } else if (overhead !== undefined) {
        throw admissionForbidden(a, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
      }
    },
  };
}

const mismatch = (a: AdmissionAttributes) => admissionForbidden(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
