// CIDR parsing as Go's net.ParseCIDR in upstream's sloppy form (k8s.io/utils/net ParseCIDRSloppy:
// IPv4 octets may have leading zeros), for Node spec.podCIDRs.

export interface ParsedCIDR {
  family: 4 | 6;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Ok(text: string): boolean {
  const match = IPV4.exec(text);
  return match !== null && match.slice(1).every((octet) => Number(octet) <= 255);
}

/** IPv6 text as Go accepts it: hex groups, one `::`, an embedded dotted IPv4 tail; no zone. */
function ipv6Ok(text: string): boolean {
  if (!text.includes(':') || text.includes('%')) return false;
  let groups = text;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!ipv4Ok(tail)) return false;
    groups = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return false;
  const parse = (part: string): string[] | undefined => {
    if (part === '') return [];
    const list = part.split(':');
    return list.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g)) ? list : undefined;
  };
  const left = parse(halves[0] ?? '');
  const right = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (!left || !right) return false;
  const count = left.length + right.length;
  return halves.length === 2 ? count < 8 : count === 8;
}

/** Go's ParseCIDR (sloppy): the address family, or undefined when `text` is not a CIDR. */
export function parseCIDR(text: string): ParsedCIDR | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = text.slice(0, slash);
  const mask = text.slice(slash + 1);
  if (!/^\d+$/.test(mask) || mask.length > 8) return undefined;
  const bits = Number(mask);
  if (ipv4Ok(address)) return bits <= 32 ? { family: 4 } : undefined;
  if (ipv6Ok(address)) {
    if (bits > 128) return undefined;
    // An IPv4-mapped address (::ffff:a.b.c.d) counts as IPv4, as Go's To4 sees it.
    return { family: /^::ffff:\d/i.test(address) ? 4 : 6 };
  }
  return undefined;
}
