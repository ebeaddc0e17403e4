// A pod's quality-of-service class (upstream qos.GetPodQOS, 1.25): computed once, on create, from the
// cpu and memory requests and limits of its containers and init containers (ephemeral containers
// cannot declare resources).
import type { Pod } from '../schemas.generated.js';

export const PodQOSClass = { Guaranteed: 'Guaranteed', Burstable: 'Burstable', BestEffort: 'BestEffort' } as const;

/** The compute resources QoS looks at; others (ephemeral-storage, hugepages, extended) are ignored. */
const QOS_RESOURCES = ['cpu', 'memory'] as const;

/** An exact quantity value as a fraction (num / den), so that sums and comparisons need no rounding. */
interface Fraction {
  num: bigint;
  den: bigint;
}

const DECIMAL_SUFFIX: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIX: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** The value of a quantity string; undefined when it does not parse (validation reports it). */
export function quantityValue(text: string): Fraction | undefined {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?([a-zA-Z]*)([+-]?\d*)$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', letters = '', exponent = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  let num = BigInt(`${whole}${fraction}` || '0') * (sign === '-' ? -1n : 1n);
  let den = 10n ** BigInt(fraction.length);
  let power10 = 0;
  if (letters === 'e' || letters === 'E') power10 = Number(exponent || 'NaN');
  else if (exponent !== '') return undefined;
  else if (letters in DECIMAL_SUFFIX) power10 = DECIMAL_SUFFIX[letters] ?? 0;
  else if (letters in BINARY_SUFFIX) num *= 2n ** BigInt(BINARY_SUFFIX[letters] ?? 0);
  else return undefined;
  if (!Number.isInteger(power10)) return undefined;
  if (power10 >= 0) num *= 10n ** BigInt(power10);
  else den *= 10n ** BigInt(-power10);
  return { num, den };
}

const add = (a: Fraction, b: Fraction): Fraction => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
const compare = (a: Fraction, b: Fraction): number => {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left === right ? 0 : left > right ? 1 : -1;
};

/** Sums the positive quantities of `list` into `into`; returns the names that had one. */
function sumPositive(list: Record<string, string> | undefined, into: Map<string, Fraction>): Set<string> {
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
  const requests = new Map<string, Fraction>();
  const limits = new Map<string, Fraction>();
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
      if (!limit || compare(limit, request) !== 0) guaranteed = false;
    }
  }
  return guaranteed && requests.size === limits.size ? PodQOSClass.Guaranteed : PodQOSClass.Burstable;
}
