// The spec diff upstream appends to its "pod updates may not change fields ..." message. Upstream
// prints go-cmp's Diff of its internal Go types (whose output go-cmp deliberately keeps unstable);
// this renders the same shape from the v1 object: Go field names, `-`/`+` lines for what changed,
// unchanged runs folded into "... // N identical fields".

const GO_NAMES: Record<string, string> = {
  hostPID: 'HostPID', hostIPC: 'HostIPC', dnsPolicy: 'DNSPolicy', dnsConfig: 'DNSConfig', tty: 'TTY', os: 'OS', hostIP: 'HostIP',
  httpGet: 'HTTPGet', tcpSocket: 'TCPSocket', grpc: 'GRPC', httpHeaders: 'HTTPHeaders', apiVersion: 'APIVersion', fsGroup: 'FSGroup',
  fsGroupChangePolicy: 'FSGroupChangePolicy', seLinuxOptions: 'SELinuxOptions', ip: 'IP', iscsi: 'ISCSI', nfs: 'NFS', rbd: 'RBD',
  csi: 'CSI', fc: 'FC', gmsaCredentialSpec: 'GMSACredentialSpec', gmsaCredentialSpecName: 'GMSACredentialSpecName',
};

/** Fields of the pod types that are Go maps: their keys print as quoted strings. */
const MAP_FIELDS = new Set(['nodeSelector', 'overhead', 'limits', 'requests', 'matchLabels', 'labels', 'annotations', 'volumeAttributes', 'options']);

const goName = (key: string): string => GO_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);

type Kind = 'struct' | 'map' | 'slice';
const kindOf = (value: unknown, key: string): Kind => (Array.isArray(value) ? 'slice' : MAP_FIELDS.has(key) ? 'map' : 'struct');
const UNCHANGED: Record<Kind, [string, string]> = { struct: ['field', 'fields'], map: ['entry', 'entries'], slice: ['element', 'elements'] };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A value as a Go composite literal, briefly. */
function literal(value: unknown): string {
  if (value === undefined || value === null) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `{${value.map(literal).join(', ')}}`;
  if (isRecord(value)) return `{${Object.entries(value).map(([k, v]) => `${goName(k)}: ${literal(v)}`).join(', ')}}`;
  return String(value);
}

/** `[label, key, old, new]` per element, field or entry of a composite. */
function entriesOf(a: unknown, b: unknown, kind: Kind): [string, string, unknown, unknown][] {
  if (Array.isArray(a) && Array.isArray(b)) {
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => ['', '', a[i], b[i]]);
  }
  const left = isRecord(a) ? a : {};
  const right = isRecord(b) ? b : {};
  const keys = [...Object.keys(left), ...Object.keys(right).filter((k) => !(k in left))];
  return keys.map((k) => [kind === 'map' ? JSON.stringify(k) : goName(k), k, left[k], right[k]]);
}

function diffLines(a: unknown, b: unknown, kind: Kind, depth: number, out: string[]): void {
  const indent = '\t'.repeat(depth);
  const [one, many] = UNCHANGED[kind];
  let identical = 0;
  const flush = (): void => {
    if (identical > 0) out.push(`  ${indent}... // ${identical} identical ${identical === 1 ? one : many}`);
    identical = 0;
  };
  for (const [name, key, x, y] of entriesOf(a, b, kind)) {
    if (same(x, y)) {
      identical++;
      continue;
    }
    flush();
    const label = name ? `${name}: ` : '';
    const bothComposite = (isRecord(x) && isRecord(y)) || (Array.isArray(x) && Array.isArray(y) && x.length === y.length);
    if (bothComposite) {
      out.push(`  ${indent}${label}{`);
      diffLines(x, y, kindOf(x, key), depth + 1, out);
      out.push(`  ${indent}},`);
    } else {
      if (x !== undefined) out.push(`- ${indent}${label}${literal(x)},`);
      if (y !== undefined) out.push(`+ ${indent}${label}${literal(y)},`);
      if (x === undefined && y === undefined) out.push(`  ${indent}${label}nil,`);
    }
  }
  flush();
}

/** `old` and `next` as a go-cmp style diff of the Go type `typeName` (e.g. `core.PodSpec`). */
export function specDiff(typeName: string, old: unknown, next: unknown): string {
  const out = [`  ${typeName}{`];
  diffLines(old, next, 'struct', 1, out);
  out.push('  }');
  return `${out.join('\n')}\n`;
}
