// pflag's flag set, as kube-apiserver's cobra command parses it: flag specs (how a flag is spelled, shown
// in help and parsed), the scan of a command line, and the help text. The options modules (options/)
// declare the flags of one concern each; flags.ts joins them into `kplane serve`'s set.
import { isIP } from 'node:net';
import { formatGoDuration, goDurationMs } from '../schema/go-duration.js';
import { parseGoBool } from '../schema/go-bool.js';
import { errorMessage } from '../errors/error-message.js';

/** A command line the flag parser refused; print `Error: <message>` and exit with status 1, as cobra does. */
export class FlagError extends Error {
  override readonly name = 'FlagError';
}

/** One flag: how it is spelled, shown in help, and parsed (pflag semantics). */
export interface FlagSpec<T> {
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
  /** pflag's MarkDeprecated: hidden from help, and each use prints `Flag --<name> has been deprecated, <this>`. */
  readonly deprecated?: string;
  /** The option key whose value this flag sets (pflag flags bound to one variable, as a deprecated spelling is). */
  readonly aliasOf?: string;
}

/** `spec` spelled `name` as well, deprecated: it sets the option `key` (upstream binds both flags to one variable). */
export const deprecatedAlias = <T>(spec: FlagSpec<T>, key: string, name: string, message: string): FlagSpec<T> => ({
  ...spec, name, deprecated: message, aliasOf: key,
});

export const stringFlag = (name: string, initial: string, usage: string): FlagSpec<string> => ({
  name, typeName: 'string', usage, initial,
  defaultText: initial === '' ? undefined : JSON.stringify(initial),
  parse: (raw) => raw,
});

export const intFlag = (name: string, initial: number, usage: string, shorthand?: string): FlagSpec<number> => ({
  name, shorthand, typeName: 'int', usage, initial,
  defaultText: initial === 0 ? undefined : String(initial),
  parse: (raw) => {
    if (!/^[+-]?\d+$/.test(raw)) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(raw)}: invalid syntax`);
    return Number.parseInt(raw, 10);
  },
});

export const boolFlag = (name: string, usage: string, shorthand?: string, initial = false): FlagSpec<boolean> => ({
  name, shorthand, typeName: '', usage, initial, defaultText: initial ? 'true' : undefined,
  parse: parseGoBool,
});

/** Go's %v of a float32: the shortest decimal that reads back as the same float32 (-0.1, not -0.10000000149011612). */
export function goFloat32(value: number): string {
  for (let digits = 1; digits < 10; digits++) {
    const text = value.toPrecision(digits);
    if (Math.fround(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}

/** strconv.ParseFloat's decimal syntax, with its error. */
function parseGoFloat(raw: string): number {
  const value = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(value)) throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(raw)}: invalid syntax`);
  return value;
}

/** pflag's Float32: strconv.ParseFloat's syntax; the default shown unless zero. */
export const float32Flag = (name: string, initial: number, usage: string): FlagSpec<number> => ({
  name, typeName: 'float32', usage, initial, defaultText: initial === 0 ? undefined : String(initial),
  parse: (raw) => Math.fround(parseGoFloat(raw)),
});

/** pflag's Float64 (type name `float`): strconv.ParseFloat's syntax; the default shown unless zero. */
export const float64Flag = (name: string, initial: number, usage: string): FlagSpec<number> => ({
  name, typeName: 'float', usage, initial, defaultText: initial === 0 ? undefined : String(initial),
  parse: parseGoFloat,
});

export const durationFlag = (name: string, initialMs: number, usage: string): FlagSpec<number> => ({
  // pflag's isZeroValue: a zero duration shows no default.
  name, typeName: 'duration', usage, initial: initialMs, defaultText: initialMs === 0 ? undefined : formatGoDuration(initialMs),
  parse: (raw) => goDurationMs(raw),
});

export const ipFlag = (name: string, initial: string, usage: string): FlagSpec<string> => ({
  name, typeName: 'ip', usage, initial, defaultText: initial,
  parse: (raw) => {
    const ip = raw.trim();
    if (isIP(ip) === 0) throw new Error(`failed to parse IP: ${JSON.stringify(raw)}`);
    return ip;
  },
});

/** Comma-separated list; the first occurrence replaces the default, later ones append (pflag StringSlice). */
export const stringsFlag = (name: string, usage: string, initial: readonly string[] = []): FlagSpec<readonly string[]> => ({
  name, typeName: 'strings', usage, initial, defaultText: initial.length === 0 ? undefined : `[${initial.join(',')}]`,
  parse: (raw, previous, first) => [...(first ? [] : previous), ...raw.split(',').map((s) => s.trim()).filter((s) => s !== '')],
});

/**
 * pflag's StringSlice as it reads values (CSV, kept as written: a blank value stays), for flags whose checks or
 * meaning see blanks (`--strict-transport-security-directives` names them, a blank CORS pattern matches any
 * origin); the first occurrence replaces the default, later ones append.
 */
export const rawStringsFlag = (name: string, usage: string): FlagSpec<readonly string[]> => ({
  name, typeName: 'strings', usage, initial: [], defaultText: undefined,
  parse: (raw, previous, first) => [...(first ? [] : previous), ...(raw === '' ? [] : raw.split(','))],
});

/**
 * One `key=value` pair per occurrence, repeatable (k8s.io/component-base's MapStringString without
 * splitting on commas): key and value are trimmed; a later pair with the same key replaces the earlier one.
 */
export const mapFlag = (name: string, usage: string): FlagSpec<Readonly<Record<string, string>>> => ({
  name, typeName: 'mapStringString', usage, initial: {}, defaultText: undefined,
  parse: (raw, previous, first) => {
    const at = raw.indexOf('=');
    if (at < 0) throw new Error('malformed pair, expect string=string');
    return { ...(first ? {} : previous), [raw.slice(0, at).trim()]: raw.slice(at + 1).trim() };
  },
});

export const enumFlag = <T extends string>(name: string, values: readonly T[], initial: T, usage: string): FlagSpec<T> => ({
  name, typeName: 'string', usage, initial, defaultText: JSON.stringify(initial),
  parse: (raw) => {
    const value = values.find((v) => v === raw);
    if (value === undefined) throw new Error(`must be one of ${values.join(', ')}`);
    return value;
  },
});

/** Any flag, for code that handles flags of every type alike. */
type AnySpec = FlagSpec<unknown>;

/** The specs of a set of flags, by option key. */
export type FlagSpecs = Readonly<Record<string, AnySpec>>;

/** The parsed values of a set of flags, by option key. */
export type FlagValues<F> = { -readonly [K in keyof F]: F[K] extends FlagSpec<infer T> ? T : never };

/**
 * Parses `argv` against `flags` with pflag's rules: `--flag=value`, `--flag value`, `-v4`, `-v=4`,
 * `-v 4`; booleans take no separate value (`--help`, `--help=false`); `--` ends flags.
 * A deprecated flag sets the value of the flag it aliases; each use that parses is told to `warn` at once, as
 * pflag's Set prints its notice (so a later error does not take it back).
 * @throws FlagError with upstream's wording (`unknown flag: --foo`, `flag needs an argument: --secure-port`,
 *   `invalid argument "x" for "--secure-port" flag: ...`).
 */
export function parseFlagSet<F extends FlagSpecs>(flags: F, argv: readonly string[], warn: (notice: string) => void = () => {}): { values: FlagValues<F>; changed: ReadonlySet<keyof F>; positional: string[] } {
  const values = Object.fromEntries(Object.entries(flags).map(([key, spec]) => [key, spec.initial])) as Record<string, unknown>;
  // An alias of a flag not in the set would set nothing: a mistake in the set, not in the command line.
  for (const spec of Object.values(flags)) if (spec.aliasOf !== undefined && !(spec.aliasOf in flags)) throw new Error(`--${spec.name} aliases ${spec.aliasOf}, which is not a flag of the set`);
  const changed = new Set<string>();
  const positional = scanArguments(flags, argv, (key, raw) => {
    const spec = flags[key] as AnySpec;
    const target = spec.aliasOf ?? key;
    try {
      values[target] = spec.parse(raw, values[target], !changed.has(target));
    } catch (error) {
      const reason = errorMessage(error);
      throw new FlagError(`invalid argument ${JSON.stringify(raw)} for ${JSON.stringify(flagTitle(spec))} flag: ${reason}`);
    }
    changed.add(target);
    if (spec.deprecated !== undefined) warn(`Flag --${spec.name} has been deprecated, ${spec.deprecated}`);
  });
  return { values: values as FlagValues<F>, changed: changed as ReadonlySet<keyof F>, positional };
}

type Assign = (key: string, raw: string) => void;

/** Walks argv, calling `assign` per flag occurrence; returns the positional arguments. */
function scanArguments(flags: FlagSpecs, argv: readonly string[], assign: Assign): string[] {
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
    if (arg.startsWith('--')) scanLongFlag(flags, arg, next, assign);
    else if (arg.startsWith('-') && arg.length > 1) scanShorthands(flags, arg, next, assign);
    else positional.push(arg);
  }
  return positional;
}

function scanLongFlag(flags: FlagSpecs, arg: string, next: (missing: string) => string, assign: Assign): void {
  const body = arg.slice(2);
  if (body.startsWith('-') || body.startsWith('=')) throw new FlagError(`bad flag syntax: ${arg}`);
  const eq = body.indexOf('=');
  const name = eq === -1 ? body : body.slice(0, eq);
  const key = keyOf(flags, (spec) => spec.name === name);
  if (key === undefined) throw new FlagError(`unknown flag: --${name}`);
  if (eq !== -1) assign(key, body.slice(eq + 1));
  else if (flags[key]?.typeName === '') assign(key, 'true');
  else assign(key, next(`--${name}`));
}

function scanShorthands(flags: FlagSpecs, arg: string, next: (missing: string) => string, assign: Assign): void {
  // Several boolean shorthands may share one dash (`-hv 3` is `-h -v 3`).
  for (let rest = arg.slice(1); rest !== ''; ) {
    const letter = rest.charAt(0);
    const key = keyOf(flags, (spec) => spec.shorthand === letter);
    if (key === undefined) throw new FlagError(`unknown shorthand flag: '${letter}' in ${arg}`);
    const after = rest.slice(1);
    if (after.startsWith('=')) return assign(key, after.slice(1));
    if (flags[key]?.typeName === '') {
      assign(key, 'true');
      rest = after;
      continue;
    }
    return assign(key, after !== '' ? after : next(`'${letter}' in -${letter}`));
  }
}

function keyOf(flags: FlagSpecs, matches: (spec: AnySpec) => boolean): string | undefined {
  return Object.keys(flags).find((key) => matches(flags[key] as AnySpec));
}

function flagTitle(spec: AnySpec): string {
  return spec.shorthand === undefined ? `--${spec.name}` : `-${spec.shorthand}, --${spec.name}`;
}

/** Help text of a command, laid out like cobra's (flags sorted, aligned, defaults shown). */
export function flagSetUsage(command: string, flags: FlagSpecs): string {
  const rows = Object.values(flags)
    .filter((spec) => spec.deprecated === undefined)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((spec) => {
      const names = spec.shorthand === undefined ? `      --${spec.name}` : `  -${spec.shorthand}, --${spec.name}`;
      const usage = spec.defaultText === undefined ? spec.usage : `${spec.usage} (default ${spec.defaultText})`;
      return { left: spec.typeName === '' ? names : `${names} ${spec.typeName}`, usage };
    });
  const width = Math.max(...rows.map((row) => row.left.length)) + 3;
  // pflag indents the continuation lines of a multi-line usage to the usage column.
  const lines = rows.map((row) => `${row.left.padEnd(width)}${row.usage.replaceAll('\n', `\n${' '.repeat(width)}`)}`);
  return ['Usage:', `  ${command} [flags]`, '', 'Flags:', ...lines, ''].join('\n');
}
