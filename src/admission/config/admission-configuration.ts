// `--admission-control-config-file` (upstream k8s.io/apiserver admission.ReadAdmissionConfiguration and
// ConfigProvider): an AdmissionConfiguration (`apiserver.config.k8s.io/v1` or `v1alpha1`, YAML or JSON) whose
// `plugins[]` give each plugin's configuration by `name`, inline (`configuration`) or in a file (`path`,
// relative to the configuration file's directory). Each enabled plugin's configuration is read here at start,
// as upstream reads it when the plugin is made; the plugin decodes its own kind (decode.ts).
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseYamlDocument } from '../../schema/yaml-document.js';
import { goOpenError, isMissingKindOrVersion, jsonType, notRegistered, typeMeta } from './decode.js';
import { errorMessage } from '../../errors/error-message.js';

/** One plugin's configuration document as upstream's decoder would get it. */
export interface PluginConfigSource {
  /** The document's text: the file's content, or the inline `configuration` as JSON. */
  readonly data: string;
  /** Where it came from, for messages: the file, or `<config file> plugins[i].configuration`. */
  readonly origin: string;
}

/** upstream ConfigProvider: the configuration given for a plugin, undefined for none. */
export interface AdmissionConfiguration {
  configFor(plugin: string): PluginConfigSource | undefined;
}

/** No `--admission-control-config-file`: no plugin has a configuration. */
export const NO_ADMISSION_CONFIGURATION: AdmissionConfiguration = Object.freeze({ configFor: () => undefined });

const GROUP = 'apiserver.config.k8s.io';
const KIND = 'AdmissionConfiguration';
/** The versions of AdmissionConfiguration kube-apiserver 1.25 registers. */
const VERSIONS: readonly string[] = ['v1', 'v1alpha1'];
const SCHEME = 'k8s.io/apiserver/pkg/server/options/admission.go';

/** The legacy unversioned files upstream still accepts (ImagePolicyWebhook's and PodNodeSelector's). */
const LEGACY_KEYS: readonly string[] = ['imagePolicy', 'podNodeSelectorPluginConfig'];
/** The plugins a legacy file configures. */
const LEGACY_PLUGINS: readonly string[] = ['ImagePolicyWebhook', 'PodNodeSelector'];

interface PluginEntry {
  name: string;
  path?: string;
  configuration?: unknown;
}

/**
 * Reads the file and the configuration of each of `enabledPlugins` that has one.
 * @throws Error with upstream's text (`failed to read plugin config: ...`, `Couldn't open admission plugin configuration ...`).
 */
export async function readAdmissionConfiguration(file: string | undefined, enabledPlugins: readonly string[]): Promise<AdmissionConfiguration> {
  if (!file) return NO_ADMISSION_CONFIGURATION;
  let entries: PluginEntry[];
  try {
    entries = decodeAdmissionConfiguration(await readConfigFile(file), file);
  } catch (error) {
    throw new Error(`failed to read plugin config: ${errorMessage(error)}`, { cause: error });
  }
  const baseDir = resolve(dirname(file));
  const configs = new Map<string, PluginConfigSource>();
  for (const plugin of new Set(enabledPlugins)) {
    // upstream ConfigFor: the first entry of that name.
    const index = entries.findIndex((entry) => entry.name === plugin);
    const entry = entries[index];
    if (!entry) continue;
    if (entry.configuration !== undefined && entry.configuration !== null) {
      configs.set(plugin, { data: JSON.stringify(entry.configuration), origin: `${file} plugins[${index}].configuration` });
    } else if (entry.path) {
      const path = isAbsolute(entry.path) ? entry.path : join(baseDir, entry.path);
      let data: string;
      try {
        data = await readFile(path, 'utf8');
      } catch (error) {
        throw new Error(`Couldn't open admission plugin configuration ${path}: ${goOpenError(path, error)}`, { cause: error });
      }
      configs.set(plugin, { data, origin: path });
    }
  }
  return { configFor: (plugin) => configs.get(plugin) };
}

async function readConfigFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`unable to read admission control configuration from ${JSON.stringify(file)} [${goOpenError(file, error)}]`, { cause: error });
  }
}

/**
 * The plugin entries of an AdmissionConfiguration document. A legacy unversioned file is the configuration of
 * the plugins that read one before AdmissionConfiguration (upstream legacyPluginsWithUnversionedConfig): each
 * gets the file itself, as given (not resolved against its own directory).
 */
function decodeAdmissionConfiguration(data: string, file: string): PluginEntry[] {
  const object = parseDocument(data);
  const legacy = (): PluginEntry[] => LEGACY_PLUGINS.map((name) => ({ name, path: resolve(file) }));
  const { apiVersion, kind, error } = typeMeta(object, data);
  if (error) {
    if (isMissingKindOrVersion(error) && isLegacy(object)) return legacy();
    throw new Error(error);
  }
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/', 2) as [string, string] : ['', apiVersion];
  if (group !== GROUP || !VERSIONS.includes(version) || kind !== KIND) {
    // Upstream also tolerates an unregistered kind when the file is one of the legacy formats.
    if (isLegacy(object)) return legacy();
    throw new Error(notRegistered(kind, apiVersion, SCHEME));
  }
  return pluginEntries((object as Record<string, unknown>)['plugins'], version);
}

function parseDocument(data: string): unknown {
  try {
    return parseYamlDocument(data);
  } catch (error) {
    throw new Error(`error converting YAML to JSON: ${errorMessage(error)}`, { cause: error });
  }
}

const isLegacy = (object: unknown): boolean => typeof object === 'object' && object !== null && LEGACY_KEYS.some((key) => Object.hasOwn(object, key));

/** `plugins[]` as encoding/json decodes it into []AdmissionPluginConfiguration (unknown fields ignored). */
function pluginEntries(plugins: unknown, version: string): PluginEntry[] {
  if (plugins === undefined || plugins === null) return [];
  const goType = `[]${version}.AdmissionPluginConfiguration`;
  if (!Array.isArray(plugins)) throw new Error(`json: cannot unmarshal ${jsonType(plugins)} into Go struct field AdmissionConfiguration.plugins of type ${goType}`);
  return plugins.map((entry: unknown): PluginEntry => {
    if (entry === null) return { name: '' };
    if (typeof entry !== 'object' || Array.isArray(entry)) {
      throw new Error(`json: cannot unmarshal ${jsonType(entry)} into Go struct field AdmissionConfiguration.plugins of type ${version}.AdmissionPluginConfiguration`);
    }
    const { name, path, configuration } = entry as Record<string, unknown>;
    for (const [field, value] of [['name', name], ['path', path]] as const) {
      if (value !== undefined && value !== null && typeof value !== 'string') {
        throw new Error(`json: cannot unmarshal ${jsonType(value)} into Go struct field AdmissionPluginConfiguration.plugins.${field} of type string`);
      }
    }
    return { name: (name as string | null | undefined) ?? '', ...(typeof path === 'string' ? { path } : {}), ...(configuration !== undefined ? { configuration } : {}) };
  });
}
