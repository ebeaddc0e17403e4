// The address the server gives out of itself (upstream's Config.ExternalAddress): `--external-hostname`, else the
// advertise address, with the secure port joined on unless the host names a port itself.
import { joinHostPort } from '../apis/core/v1/go-net-errors.js';

/** Whether Go's net.SplitHostPort splits `hostport` (a port of any text without a colon; brackets around IPv6). */
function hasPort(hostport: string): boolean {
  return /^\[[^\]]*\]:[^:]*$/.test(hostport) || /^[^:[\]]*:[^:]*$/.test(hostport);
}

/** upstream's Config.Complete: `host`, with `port` joined on when it has none. */
export function externalAddressOf(host: string, port: number): string {
  return hasPort(host) ? host : joinHostPort(host, port);
}
