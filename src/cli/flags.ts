import { isIP } from 'node:net';
import { formatDuration, parseDuration } from './duration.js';
import { DEFAULT_NODE_PORT_RANGE, DEFAULT_SERVICE_CLUSTER_IP_RANGE, PortRange } from '../registry/core/service/index.js';

/** Storage backends `kplane serve` can run on (ARCHITECTURE §3). */
export type StorageBackend = 'sqlite' | 'memory' | 'etcd';

/** Options of `kplane serve`, defaults applied and cross-checked. */
export interface ServeOptions {
  readonly securePort: number;
  readonly bindAddress: string;
  /** `--advertise-address`; undefined: kube-apiserver's default (see server/kubernetes-service.ts). */
  readonly advertiseAddress: string | undefined;
  readonly serviceClusterIPRange: string;
  readonly serviceNodePortRange: string;
  readonly tokenAuthFile: string | undefined;
  /** `--runtime-config` key=value pairs. */
  readonly runtimeConfig: readonly string[];
  readonly dataDir: string;
  /** `--cert-dir`, defaulting to the data directory. */
  readonly certDir: string;
  /** `--storage`; `etcd` when `--etcd-servers` is given and `--storage` is not. */
  readonly storage: StorageBackend;
  readonly etcdServers: readonly string[];
  readonly etcdPrefix: string;
  readonly etcdCaFile: string | undefined;
  readonly etcdCertFile: string | undefined;
  readonly etcdKeyFile: string | undefined;
  /** 0 disables compaction. */
  readonly etcdCompactionIntervalMs: number;
  /** `--max-requests-inflight` and `--max-mutating-requests-inflight` (0: no limit). */
  readonly maxRequestsInflight: number;
  readonly maxMutatingRequestsInflight: number;
  /** `-v`/`--v` log verbosity. */
  readonly verbosity: number;
  readonly help: boolean;
  readonly version: boolean;
}

/** A command line the flag parser refused; print `Error: <message>` and exit with status 1, as cobra does. */
export class FlagError extends Error {
  override readonly name = 'FlagError';
}

/** One flag: how it is spelled, shown in help, and parsed (pflag semantics). */
interface FlagSpec<T> {
  readonly name: string;
  readonly shorthand?: string;
  /** Value placeholder in help (`string`, `int`, `duration`, `strings`, `ip`); empty for booleans. */
  readonly typeName: string;
  readonly usage: string;
  readonly initial: T;
  /** Help text of the default, or undefined to show none. */
  readonly defaultText: string | undefined;
  /** `previous` lets list flags append on repetition; `first` is true on the flag's first occurrence. */
  parse(raw: string, previous: T, first: boolean): T;
}

const stringFlag = (name: string, initial: string, usage: string): FlagSpec<string> => ({
  name, typeName: 'string', usage, initial,
  defaultText: initial === '' ? undefined : JSON.stringify(initial),
  parse: (raw) => raw,
});

const intFlag = (name: string, initial: number, usage: string, shorthand?: string): FlagSpec<number> => ({
  name, shorthand, typeName: 'int', usage, initial,
  defaultText: initial === 0 ? undefined : String(initial),
  parse: (raw) => {
    if (!/^[+-]?\d+$/.test(raw)) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(raw)}: invalid syntax`);
    return Number.parseInt(raw, 10);
  },
});

const boolFlag = (name: string, usage: string, shorthand?: string): FlagSpec<boolean> => ({
  name, shorthand, typeName: '', usage, initial: false, defaultText: undefined,
  parse: (raw) => {
    if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(raw)) return true;
    if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(raw)) return false;
    throw new Error(`strconv.ParseBool: parsing ${JSON.stringify(raw)}: invalid syntax`);
  },
});

const durationFlag = (name: string, initialMs: number, usage: string): FlagSpec<number> => ({
  name, typeName: 'duration', usage, initial: initialMs, defaultText: formatDuration(initialMs),
  parse: (raw) => parseDuration(raw),
});

const ipFlag = (name: string, initial: string, usage: string): FlagSpec<string> => ({
  name, typeName: 'ip', usage, initial, defaultText: initial,
  parse: (raw) => {
    const ip = raw.trim();
    if (isIP(ip) === 0) throw new Error(`failed to parse IP: ${JSON.stringify(raw)}`);
    return ip;
  },
});

/** Comma-separated list; the first occurrence replaces the default, later ones append (pflag StringSlice). */
const stringsFlag = (name: string, usage: string): FlagSpec<readonly string[]> => ({
  name, typeName: 'strings', usage, initial: [], defaultText: undefined,
  parse: (raw, previous, first) => [...(first ? [] : previous), ...raw.split(',').map((s) => s.trim()).filter((s) => s !== '')],
});

const enumFlag = <T extends string>(name: string, values: readonly T[], initial: T, usage: string): FlagSpec<T> => ({
  name, typeName: 'string', usage, initial, defaultText: JSON.stringify(initial),
  parse: (raw) => {
    const value = values.find((v) => v === raw);
    if (value === undefined) throw new Error(`must be one of ${values.join(', ')}`);
    return value;
  },
});

/** A port range (`30000-32767`), checked as kube-apiserver parses it. */
const portRangeFlag = (name: string, initial: string, usage: string): FlagSpec<string> => ({
  name, typeName: 'portRange', usage, initial, defaultText: initial,
  parse: (raw) => PortRange.parse(raw).spec,
});

/** The flags of `kplane serve`, named as kube-apiserver's. */
const serveFlags = {
  advertiseAddress: { ...ipFlag('advertise-address', '',
    'The IP address on which to advertise the apiserver to members of the cluster. If blank, the --bind-address will be used. If --bind-address is unspecified or loopback, the host\'s default interface will be used.'), defaultText: undefined },
  bindAddress: ipFlag('bind-address', '127.0.0.1',
    'The IP address on which to listen for the --secure-port port. Use 0.0.0.0 or :: to listen on all interfaces.'),
  certDir: stringFlag('cert-dir', '',
    'The directory holding the generated CA, serving and admin certificates. Defaults to --data-dir.'),
  dataDir: stringFlag('data-dir', './kplane-data',
    'The directory for the embedded database, the certificates and the admin kubeconfig.'),
  etcdCaFile: stringFlag('etcd-cafile', '', 'SSL Certificate Authority file used to secure etcd communication.'),
  etcdCertFile: stringFlag('etcd-certfile', '', 'SSL certification file used to secure etcd communication.'),
  etcdCompactionIntervalMs: durationFlag('etcd-compaction-interval', 5 * 60_000,
    'The interval of compaction requests. If 0, the compaction request from apiserver is disabled.'),
  etcdKeyFile: stringFlag('etcd-keyfile', '', 'SSL key file used to secure etcd communication.'),
  etcdPrefix: stringFlag('etcd-prefix', '/registry', 'The prefix to prepend to all resource paths in etcd.'),
  etcdServers: stringsFlag('etcd-servers',
    'List of etcd servers to connect with (scheme://ip:port), comma separated. Implies --storage=etcd.'),
  help: boolFlag('help', 'help for serve', 'h'),
  maxMutatingRequestsInflight: intFlag('max-mutating-requests-inflight', 200,
    'This and --max-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of mutating requests in flight, or a zero value disables the limit completely.'),
  maxRequestsInflight: intFlag('max-requests-inflight', 400,
    'This and --max-mutating-requests-inflight are summed to determine the server\'s total concurrency limit (which must be positive) if --enable-priority-and-fairness is true. Otherwise, this flag limits the maximum number of non-mutating requests in flight, or a zero value disables the limit completely.'),
  runtimeConfig: stringsFlag('runtime-config',
    'A set of key=value pairs that enable or disable built-in APIs. Supported options are: v1=true|false for the core API group; <group>/<version>=true|false for a specific API group and version (e.g. apps/v1=true); api/all=true|false controls all API versions; api/ga=true|false controls all API versions of the form v[0-9]+; api/beta=true|false controls all API versions of the form v[0-9]+beta[0-9]+; api/alpha=true|false controls all API versions of the form v[0-9]+alpha[0-9]+'),
  serviceClusterIPRange: stringFlag('service-cluster-ip-range', DEFAULT_SERVICE_CLUSTER_IP_RANGE,
    'A CIDR notation IP range from which to assign service cluster IPs. Max of two dual-stack CIDRs is allowed.'),
  serviceNodePortRange: portRangeFlag('service-node-port-range', DEFAULT_NODE_PORT_RANGE,
    'A port range to reserve for services with NodePort visibility. Example: \'30000-32767\'. Inclusive at both ends of the range.'),
  securePort: intFlag('secure-port', 6443,
    'The port on which to serve HTTPS with authentication and authorization. 0 picks a free port.'),
  storage: enumFlag<StorageBackend>('storage', ['sqlite', 'memory', 'etcd'], 'sqlite',
    'Storage backend: sqlite (embedded, durable), memory (lost on exit) or etcd (see --etcd-servers).'),
  tokenAuthFile: stringFlag('token-auth-file', '',
    'If set, the file that will be used to secure the secure port of the API server via token authentication.'),
  verbosity: intFlag('v', 0, 'number for the log level verbosity', 'v'),
  version: boolFlag('version', 'Print version information and quit'),
};

type ServeFlagKey = keyof typeof serveFlags;
type ServeFlagValues = { -readonly [K in ServeFlagKey]: (typeof serveFlags)[K]['initial'] };
type AnySpec = FlagSpec<unknown>;

/**
 * Parses the arguments after `kplane serve` with pflag's rules: `--flag=value`, `--flag value`,
 * `-v4`, `-v=4`, `-v 4`; booleans take no separate value (`--help`, `--help=false`); `--` ends flags.
 * @throws FlagError with upstream's wording (`unknown flag: --foo`, `flag needs an argument: --secure-port`,
 *   `invalid argument "x" for "--secure-port" flag: ...`).
 */
export function parseServeFlags(argv: readonly string[]): ServeOptions {
  const values = Object.fromEntries(
    Object.entries(serveFlags).map(([key, spec]) => [key, spec.initial]),
  ) as ServeFlagValues;
  const changed = new Set<ServeFlagKey>();
  const positional = scanArguments(argv, (key, raw) => {
    const spec: AnySpec = serveFlags[key];
    try {
      (values as Record<ServeFlagKey, unknown>)[key] = spec.parse(raw, values[key], !changed.has(key));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new FlagError(`invalid argument ${JSON.stringify(raw)} for ${JSON.stringify(flagTitle(spec))} flag: ${reason}`);
    }
    changed.add(key);
  });
  if (positional.some((arg) => arg !== '')) {
    throw new FlagError(`"kplane serve" does not take any arguments, got ${JSON.stringify(positional)}`);
  }
  return resolveOptions(values, changed);
}

function resolveOptions(values: ServeFlagValues, changed: ReadonlySet<ServeFlagKey>): ServeOptions {
  const storage = !changed.has('storage') && values.etcdServers.length > 0 ? 'etcd' : values.storage;
  if (!values.help && !values.version) {
    if (values.securePort < 0 || values.securePort > 65535) {
      throw new FlagError(`--secure-port ${values.securePort} must be between 0 and 65535, inclusive`);
    }
    if (storage === 'etcd' && values.etcdServers.length === 0) throw new FlagError('--etcd-servers must be specified');
    // upstream ServerRunOptions.Validate
    if (values.maxRequestsInflight < 0) throw new FlagError('--max-requests-inflight can not be negative value');
    if (values.maxMutatingRequestsInflight < 0) throw new FlagError('--max-mutating-requests-inflight can not be negative value');
    if (storage !== 'etcd' && values.etcdServers.length > 0) {
      throw new FlagError(`--etcd-servers cannot be used with --storage=${storage}`);
    }
  }
  const optional = (value: string): string | undefined => (value === '' ? undefined : value);
  return {
    ...values,
    storage,
    certDir: values.certDir === '' ? values.dataDir : values.certDir,
    tokenAuthFile: optional(values.tokenAuthFile),
    advertiseAddress: optional(values.advertiseAddress),
    etcdCaFile: optional(values.etcdCaFile),
    etcdCertFile: optional(values.etcdCertFile),
    etcdKeyFile: optional(values.etcdKeyFile),
  };
}

/** Walks argv, calling `assign` per flag occurrence; returns the positional arguments. */
function scanArguments(argv: readonly string[], assign: (key: ServeFlagKey, raw: string) => void): string[] {
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const next = (missing: string): string => {
      if (i + 1 >= argv.length) throw new FlagError(`flag needs an argument: ${missing}`);
      return argv[++i] ?? '';
    };
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) scanLongFlag(arg, next, assign);
    else if (arg.startsWith('-') && arg.length > 1) scanShorthands(arg, next, assign);
    else positional.push(arg);
  }
  return positional;
}

function scanLongFlag(arg: string, next: (missing: string) => string, assign: (key: ServeFlagKey, raw: string) => void): void {
  const body = arg.slice(2);
  if (body.startsWith('-') || body.startsWith('=')) throw new FlagError(`bad flag syntax: ${arg}`);
  const eq = body.indexOf('=');
  const name = eq === -1 ? body : body.slice(0, eq);
  const key = keyOf((spec) => spec.name === name);
  if (key === undefined) throw new FlagError(`unknown flag: --${name}`);
  if (eq !== -1) assign(key, body.slice(eq + 1));
  else if (serveFlags[key].typeName === '') assign(key, 'true');
  else assign(key, next(`--${name}`));
}

function scanShorthands(arg: string, next: (missing: string) => string, assign: (key: ServeFlagKey, raw: string) => void): void {
  // Several boolean shorthands may share one dash (`-hv 3` is `-h -v 3`).
  for (let rest = arg.slice(1); rest !== ''; ) {
    const letter = rest.charAt(0);
    const key = keyOf((spec) => spec.shorthand === letter);
    if (key === undefined) throw new FlagError(`unknown shorthand flag: '${letter}' in ${arg}`);
    const after = rest.slice(1);
    if (after.startsWith('=')) return assign(key, after.slice(1));
    if (serveFlags[key].typeName === '') {
      assign(key, 'true');
      rest = after;
      continue;
    }
    return assign(key, after !== '' ? after : next(`'${letter}' in -${letter}`));
  }
}

function keyOf(matches: (spec: AnySpec) => boolean): ServeFlagKey | undefined {
  return (Object.keys(serveFlags) as ServeFlagKey[]).find((key) => matches(serveFlags[key]));
}

function flagTitle(spec: AnySpec): string {
  return spec.shorthand === undefined ? `--${spec.name}` : `-${spec.shorthand}, --${spec.name}`;
}

/** Help text of `kplane serve`, laid out like cobra's (flags sorted, aligned, defaults shown). */
export function serveUsage(): string {
  const specs: AnySpec[] = Object.values(serveFlags);
  const rows = specs
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((spec) => {
      const names = spec.shorthand === undefined ? `      --${spec.name}` : `  -${spec.shorthand}, --${spec.name}`;
      const usage = spec.defaultText === undefined ? spec.usage : `${spec.usage} (default ${spec.defaultText})`;
      return { left: spec.typeName === '' ? names : `${names} ${spec.typeName}`, usage };
    });
  const width = Math.max(...rows.map((row) => row.left.length)) + 3;
  const lines = rows.map((row) => `${row.left.padEnd(width)}${row.usage}`);
  return ['Usage:', '  kplane serve [flags]', '', 'Flags:', ...lines, ''].join('\n');
}
