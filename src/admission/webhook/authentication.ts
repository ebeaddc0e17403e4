// Which kubeconfig user a webhook is called as (upstream util/webhook defaultAuthenticationInfoResolver and
// ClientManager.HookClient, 1.25). The target is the host the call goes to with its port: a service's
// `<name>.<namespace>.svc:<port>` (443 by default), a URL's host, with `:443` when it names no port. The
// user named exactly so is taken, else the most specific `*.`-prefixed suffix (`*.ns.svc:8443`, then
// `*.svc:8443`), then the same two without the port when it is 443, then `*`, then the current context's
// user; with none of them, or no kubeconfig, the call is anonymous. A user's credentials are read once per
// target and kept, as upstream keeps the client it built for a webhook's client configuration.
import type { KubeconfigUsers } from '../../client/kubeconfig.js';
import { ANONYMOUS, credentialsOf, type WebhookCredentials } from './credentials.js';

/** The credentials of a webhook plugin's calls, by target (upstream AuthenticationInfoResolver). */
export interface AuthenticationInfoResolver {
  /**
   * The credentials of calls to `target` (`host:port`).
   * @throws Error when the user that matches cannot be used (a file that cannot be read, an auth provider).
   */
  credentialsFor(target: string): Promise<WebhookCredentials>;
}

/** No kubeconfig: every call anonymous. */
export const ANONYMOUS_RESOLVER: AuthenticationInfoResolver = Object.freeze({ credentialsFor: async () => ANONYMOUS });

/** As many targets as upstream's ClientManager keeps clients (an LRU of 200). */
const MAX_TARGETS = 200;

/** The resolver of a kubeconfig's users. */
export function kubeconfigResolver(kubeconfig: KubeconfigUsers): AuthenticationInfoResolver {
  const resolved = new Map<string, WebhookCredentials>();
  return {
    async credentialsFor(target) {
      const cached = resolved.get(target);
      if (cached) {
        resolved.delete(target);
        resolved.set(target, cached);
        return cached;
      }
      const name = userFor(kubeconfig, target);
      const user = name === undefined ? undefined : kubeconfig.users.get(name);
      // A failure is not kept: the next call reads the files again, as upstream builds the client again.
      const credentials = user === undefined ? ANONYMOUS : await credentialsOf(user, kubeconfig.directory);
      resolved.set(target, credentials);
      if (resolved.size > MAX_TARGETS) resolved.delete(resolved.keys().next().value as string);
      return credentials;
    },
  };
}

/**
 * The name of the user calls to `target` are made as, undefined for anonymous (upstream clientConfig).
 * Upstream's in-cluster config for `kubernetes.default.svc:443` is left out: kplane does not run in a pod.
 */
export function userFor(kubeconfig: Pick<KubeconfigUsers, 'users' | 'currentUser'>, target: string): string | undefined {
  const { users } = kubeconfig;
  const found = matchHost(users, target);
  if (found !== undefined) return found;
  const split = splitHostPort(target);
  if (split?.port === '443') {
    const withoutPort = matchHost(users, split.host);
    if (withoutPort !== undefined) return withoutPort;
  }
  if (users.has('*')) return '*';
  const current = kubeconfig.currentUser;
  return current !== undefined && users.has(current) ? current : undefined;
}

/** The exact name, else `*.` and each suffix after a dot, from the longest. */
function matchHost(users: ReadonlyMap<string, unknown>, target: string): string | undefined {
  if (users.has(target)) return target;
  const steps = target.split('.');
  for (let i = 1; i < steps.length; i++) {
    const name = `*.${steps.slice(i).join('.')}`;
    if (users.has(name)) return name;
  }
  return undefined;
}

/**
 * The target of a call to `host` (a URL's host as written, or a service's `<name>.<namespace>.svc:<port>`):
 * upstream HookClient's hostPort, `:443` added when url.Port() finds no port (an IPv6 literal without a port
 * comes out bracketed twice, as net.JoinHostPort makes it).
 */
export function webhookTarget(host: string): string {
  const colon = host.lastIndexOf(':');
  const hasPort = colon >= 0 && /^:\d*$/.test(host.slice(colon)) && colon < host.length - 1;
  return hasPort ? host : joinHostPort(host, '443');
}

/** Go's net.JoinHostPort. */
const joinHostPort = (host: string, port: string): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** Go's net.SplitHostPort; undefined where it returns an error. */
export function splitHostPort(hostport: string): { host: string; port: string } | undefined {
  const i = hostport.lastIndexOf(':');
  if (i < 0) return undefined;
  let host: string;
  let [j, k] = [0, 0];
  if (hostport.startsWith('[')) {
    const end = hostport.indexOf(']');
    // The closing bracket must come right before the last colon.
    if (end < 0 || end + 1 !== i) return undefined;
    host = hostport.slice(1, end);
    [j, k] = [1, end + 1];
  } else {
    host = hostport.slice(0, i);
    if (host.includes(':')) return undefined;
  }
  if (hostport.slice(j).includes('[') || hostport.slice(k).includes(']')) return undefined;
  return { host, port: hostport.slice(i + 1) };
}
