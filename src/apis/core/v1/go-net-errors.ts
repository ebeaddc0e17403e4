// Go's texts for failed connections, which upstream passes through verbatim where a component or a
// kubelet cannot be reached (`dial tcp 127.0.0.1:10259: connect: connection refused`).

const DIAL_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connect: connection refused',
  EHOSTUNREACH: 'connect: no route to host',
  ENETUNREACH: 'connect: network is unreachable',
  ETIMEDOUT: 'i/o timeout',
};

/** `host:port`, with brackets around an IPv6 host (Go's net.JoinHostPort). */
export function joinHostPort(host: string, port: string | number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Go's *net.OpError text for a dial that failed with the Node error `code`. */
export function goDialError(hostPort: string, code: string | undefined, fallback?: string): string {
  const reason = DIAL_REASONS[code ?? ''];
  if (reason) return `dial tcp ${hostPort}: ${reason}`;
  return fallback ?? `dial tcp ${hostPort}: ${code ?? 'unknown error'}`;
}
