// A pod's quality-of-service class (upstream qos.GetPodQOS, 1.25): computed once, on create, from the
// cpu and memory requests and limits of its containers and init containers (ephemeral containers
// cannot declare resources).
import { compareQuantityValues, quantityValue, type QuantityValue } from '../../../../schema/quantity-value.js';
import type { Pod } from '../schemas.generated.js';

export const PodQOSClass = { Guaranteed: 'Guaranteed', Burstable: 'Burstable', BestEffort: 'BestEffort' } as const;

/** The compute resources QoS looks at; others (ephemeral-storage, hugepages, extended) are ignored. */
const QOS_RESOURCES = ['cpu', 'memory'] as const;

const add = (a: QuantityValue, b: QuantityValue): QuantityValue => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den, binary: a.binary });

/** Sums the positive quantities of `list` into `into`; returns the names that had one. */
function sumPositive(list: Record<string, string> | undefined, into: Map<string, QuantityValue>): Set<string> {
  const found = new Set<string>();
  for (const name of QOS_RESOURCES) {
    const text = list?.[name];
    const value = text === undefined ? undefined : quantityValue(text);
    if (!value || value.num <= 0n) continue;
    found.add(name);
    const sum = into.get(name);
    into.set(name, sum ? add(sum, value) : value);
  }
  return found;
}

/** upstream GetPodQOS: BestEffort without any cpu/memory, Guaranteed when every container limits both and requests equal limits. */
export function podQOSClass(pod: Pod): string {
  const requests = new Map<string, QuantityValue>();
  const limits = new Map<string, QuantityValue>();
  let guaranteed = true;
  for (const container of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    sumPositive(container.resources?.requests, requests);
    const limited = sumPositive(container.resources?.limits, limits);
    if (!limited.has('cpu') || !limited.has('memory')) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return PodQOSClass.BestEffort;
  if (guaranteed) {
    for (const [name, request] of requests) {
      const limit = limits.get(name);
      if (!limit || compareQuantityValues(limit, request) !== 0) guaranteed = false;
    }
  }
  return guaranteed && requests.size === limits.size ? PodQOSClass.Guaranteed : PodQOSClass.Burstable;
}
