// `--runtime-config` (1-conventions: Versioning 3): which built-in group-versions and resources are
// served, as kube-apiserver's MergeAPIResourceConfigs decides. `api/all`, `api/ga`, `api/beta`,
// `api/alpha` (only `true`/`false`) apply first, in that order; then `<group>/<version>` keys; then
// `<group>/<version>/<resource>` keys, which win. Alpha versions are off unless enabled. Keys of groups
// that are not served are ignored (as upstream); an unknown version of a served group is an error.
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { parseGoBool } from '../schema/go-bool.js';

/** A refused `--runtime-config`; the message is upstream's. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

const MATCHERS: [string, (version: string) => boolean][] = [
  ['api/all', () => true],
  ['api/ga', (v) => /^v\d+$/.test(v)],
  ['api/beta', (v) => /^v\d+beta\d+$/.test(v)],
  ['api/alpha', (v) => /^v\d+alpha\d+$/.test(v)],
];

/** `key=value` pairs as the flag's comma-separated list gives them (`k` alone means `k=`). */
export function parseRuntimeConfig(pairs: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of pairs.flatMap((p) => p.split(','))) {
    if (pair.trim() === '') continue;
    const eq = pair.indexOf('=');
    out.set((eq < 0 ? pair : pair.slice(0, eq)).trim(), eq < 0 ? '' : pair.slice(eq + 1).trim());
  }
  return out;
}

/** Go's strconv.ParseBool, with the empty value meaning true (getRuntimeConfigValue). */
function runtimeConfigBool(key: string, value: string): boolean {
  if (value === '') return true;
  try {
    return parseGoBool(value);
  } catch (error) {
    throw new RuntimeConfigError(`invalid value of ${key}: ${value}, err: ${(error as Error).message}`);
  }
}

/** The definitions `--runtime-config` leaves served, in their original order. */
export function applyRuntimeConfig(defs: readonly ResourceDefinition[], overrides: ReadonlyMap<string, string>): ResourceDefinition[] {
  const gv = (d: ResourceDefinition): string => `${d.group}/${d.version}`;
  const versionEnabled = new Map<string, boolean>();
  for (const d of defs) versionEnabled.set(gv(d), !/alpha/.test(d.version));
  for (const [key, matches] of MATCHERS) {
    const value = overrides.get(key);
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') throw new RuntimeConfigError(`invalid value ${key}=${value}`);
    for (const d of defs) if (matches(d.version)) versionEnabled.set(gv(d), value === 'true');
  }
  const resourceEnabled = new Map<string, boolean>();
  const groups = new Set(defs.map((d) => d.group));
  const versions = new Set(defs.map(gv));
  for (const [key, value] of overrides) {
    if (MATCHERS.some(([k]) => k === key)) continue;
    const tokens = key.split('/');
    if (tokens.length < 2 || tokens.length > 3) continue;
    const [group = '', version = '', resource] = tokens;
    if (!version || !groups.has(group) || group === '') continue;
    if (!versions.has(`${group}/${version}`)) throw new RuntimeConfigError(`group version ${group}/${version} that has not been registered`);
    const enabled = runtimeConfigBool(key, value);
    if (resource === undefined) versionEnabled.set(`${group}/${version}`, enabled);
    else if (resource.toLowerCase() !== resource)
      throw new RuntimeConfigError(`invalid key ${key}: group/version/resource and resource is always lowercase plural, not ${JSON.stringify(resource)}`);
    else resourceEnabled.set(`${group}/${version}/${resource}`, enabled);
  }
  return defs.filter((d) => resourceEnabled.get(`${gv(d)}/${d.resource}`) ?? versionEnabled.get(gv(d)) ?? true);
}
