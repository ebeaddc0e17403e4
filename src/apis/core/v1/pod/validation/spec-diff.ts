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

const goName = (key: string): string => GO_NAMES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
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

function entriesOf(a: unknown, b: unknown): [string, unknown, unknown][] {
  if (Array.isArray(a) && Array.isArray(b)) {
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => ['', a[i], b[i]]);
  }
  const left = isRecord(a) ? a : {};
  const right = isRecord(b) ? b : {};
  const keys = [...Object.keys(left), ...Object.keys(right).filter((k) => !(k in left))];
  return keys.map((k) => [goName(k), left[k], right[k]]);
}

function diffLines(a: unknown, b: unknown, depth: number, out: string[]): void {
  const indent = '\t'.repeat(depth);
  let identical = 0;
  const flush = (): void => {
    if (identical > 0) out.push(`  ${indent}... // ${identical} identical ${identical === 1 ? 'field' : 'fields'}`);
    identical = 0;
  };
  for (const [name, x, y] of entriesOf(a, b)) {
    if (same(x, y)) {
      identical++;
      continue;
    }
    flush();
    const label = name ? `${name}: ` : '';
    const bothComposite = (isRecord(x) && isRecord(y)) || (Array.isArray(x) && Array.isArray(y) && x.length === y.length);
    if (bothComposite) {
      out.push(`  ${indent}${label}{`);
      diffLines(x, y, depth + 1, out);
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
  diffLines(old, next, 1, out);
  out.push('  }');
  return `${out.join('\n')}\n`;
}
