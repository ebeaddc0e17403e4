// A service IP range (`--service-cluster-ip-range`) as upstream's ipallocator.Range lays it out: the
// network address and, for IPv4, the broadcast address are never handed out; offset 0 is the first
// usable address (10.0.0.1 in 10.0.0.0/24), which belongs to the `kubernetes` service.
import { isIP } from 'node:net';

export type IPFamily = 'IPv4' | 'IPv6';

/** Upstream's cap on an IPv6 range: the bitmap has at most 65536 entries. */
const MAX_IPV6_RANGE = 65536n;

/** An IP address as an unsigned integer with its family, or undefined when `text` is not an IP. */
export function parseIP(text: string): { family: IPFamily; value: bigint } | undefined {
  const kind = isIP(text);
  if (kind === 4) return { family: 'IPv4', value: ipv4Value(text) };
  if (kind === 6) return { family: 'IPv6', value: ipv6Value(text) };
  return undefined;
}

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number.parseInt(part, 10)), 0n);
}

function ipv6Value(text: string): bigint {
  let head = text;
  let tail4: bigint | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tail4 = ipv4Value(text.slice(lastColon + 1));
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left = '', right] = head.split('::');
  const groups = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const all = right === undefined ? l : [...l, ...Array<string>(8 - l.length - r.length).fill('0'), ...r];
  let value = all.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g, 16)), 0n);
  if (tail4 !== undefined) value = (value & ~0xffffffffn) | tail4;
  return value;
}

/** Formats an address as Go's net.IP.String() does (RFC 5952 for IPv6). */
export function formatIP(family: IPFamily, value: bigint): string {
  if (family === 'IPv4') return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 255n)).join('.');
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((s) => Number((value >> s) & 0xffffn));
  // The longest run of two or more zero groups (the first of equal runs) becomes `::`.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = (gs: number[]): string => gs.map((g) => g.toString(16)).join(':');
  if (best < 0) return hex(groups);
  return `${hex(groups.slice(0, best))}::${hex(groups.slice(best + bestLen))}`;
}

/** Family of an IP string, or undefined when it is none. */
export const familyOf = (ip: string): IPFamily | undefined => parseIP(ip)?.family;

export class ServiceIPRange {
  readonly family: IPFamily;
  /** The CIDR as given back by Go (`10.0.0.0/24`). */
  readonly cidr: string;
  private readonly network: bigint;
  private readonly prefixBits: number;
  /** Number of addresses the bitmap holds. */
  readonly size: number;
  /** Upstream calculateRangeOffset: the lower band kept for static requests. */
  readonly offset: number;

  private constructor(family: IPFamily, network: bigint, prefixBits: number) {
    this.family = family;
    this.network = network;
    this.prefixBits = prefixBits;
    const width = family === 'IPv4' ? 32 : 128;
    const total = 1n << BigInt(width - prefixBits);
    this.cidr = `${formatIP(family, network)}/${prefixBits}`;
    let max = family === 'IPv6' ? (total > MAX_IPV6_RANGE ? MAX_IPV6_RANGE : total) : total - 1n;
    max -= 1n;
    this.size = max < 0n ? 0 : Number(max);
    this.offset = rangeOffset(total);
  }

  /** Parses `10.0.0.0/24` (the host bits are masked off, as Go's ParseCIDR does); throws on bad input. */
  static parse(text: string): ServiceIPRange {
    const slash = text.indexOf('/');
    const ip = slash < 0 ? undefined : parseIP(text.slice(0, slash));
    const bits = slash < 0 ? NaN : Number(text.slice(slash + 1));
    const width = ip?.family === 'IPv4' ? 32 : 128;
    if (!ip || !/^\d+$/.test(text.slice(slash + 1)) || bits > width) throw new Error(`invalid CIDR address: ${text}`);
    const mask = ((1n << BigInt(width)) - 1n) ^ ((1n << BigInt(width - bits)) - 1n);
    return new ServiceIPRange(ip.family, ip.value & mask, bits);
  }

  /** The offset of `ip` in the bitmap, or undefined when it is not an allocatable address of the range. */
  offsetOf(ip: string): number | undefined {
    const parsed = parseIP(ip);
    if (!parsed || parsed.family !== this.family || !this.inNetwork(parsed.value)) return undefined;
    const offset = parsed.value - this.network - 1n;
    return offset < 0n || offset >= BigInt(this.size) ? undefined : Number(offset);
  }

  /** The address at bitmap offset `offset`. */
  ipAt(offset: number): string {
    return formatIP(this.family, this.network + 1n + BigInt(offset));
  }

  /** The network address (what a dry-run allocation answers, as upstream). */
  networkIP(): string {
    return formatIP(this.family, this.network);
  }

  private inNetwork(value: bigint): boolean {
    const width = this.family === 'IPv4' ? 32 : 128;
    return value >> BigInt(width - this.prefixBits) === this.network >> BigInt(width - this.prefixBits);
  }
}

/** min(max(16, size / 16), 256), 0 for ranges of 16 addresses or fewer (upstream calculateRangeOffset). */
function rangeOffset(total: bigint): number {
  if (total <= 16n) return 0;
  const offset = total / 16n;
  if (offset < 16n) return 16;
  return offset > 256n ? 256 : Number(offset);
}
