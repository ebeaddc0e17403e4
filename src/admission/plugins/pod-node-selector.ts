// PodNodeSelector (2-access-control: admission plugins; upstream plugin/pkg/admission/podnodeselector, off by
// default): a created pod's nodeSelector gets its namespace's node selector, from the namespace annotation
// `scheduler.alpha.kubernetes.io/node-selector`, else the configuration's `clusterDefaultNodeSelector`; a pod
// selector conflicting with it is refused, and so is one outside the namespace's whitelist (the configuration's
// entry named after the namespace). The configuration is the unversioned `podNodeSelectorPluginConfig` map of
// `--admission-control-config-file` (the legacy file itself, or a plugin entry's path or configuration).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isQualifiedName, isValidLabelValue } from '../../apis/meta/v1/validation.js';
import { newForbidden } from '../../authorization/forbidden.js';
import { internalError, unknownError } from '../../errors/status-error.js';
import { goQuote } from '../../registry/selectors/go-format.js';
import { parseYamlDocument } from '../../schema/yaml-document.js';
import type { PluginConfigSource } from '../config/index.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import type { NamespaceGetter } from './namespace-exists.js';

/** The namespace annotation giving its pods' node selector (upstream NamespaceNodeSelectors). */
export const NODE_SELECTOR_ANNOTATION = 'scheduler.alpha.kubernetes.io/node-selector';
const CLUSTER_DEFAULT = 'clusterDefaultNodeSelector';
const CONFIG_KEY = 'podNodeSelectorPluginConfig';

/** `clusterDefaultNodeSelector` and per-namespace whitelists, each a selector string `k=v,k2=v2`. */
export type PodNodeSelectorConfiguration = Readonly<Record<string, string>>;

type LabelSet = Record<string, string>;

/**
 * A YAML scalar as sigs.k8s.io/yaml gives it to a string target (convertToJSONableObject): numbers and booleans
 * printed (a float as strconv.FormatFloat(f, 'g', -1, 32)); anything else is not a string.
 */
function yamlScalarString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'number') return undefined;
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (Number.isSafeInteger(value)) return String(value);
  return String(Number(Math.fround(value).toPrecision(7)));
}

/**
 * upstream readConfig: the `podNodeSelectorPluginConfig` map of the document (encoding/json matches the key
 * case-insensitively); a document that does not decode leaves it empty, as upstream ignores its errors. A JSON
 * document (one starting with `{`, yaml.NewYAMLOrJSONDecoder's guess) keeps only string values, as encoding/json
 * keeps the entries it could decode; a YAML one gets its number and boolean values as strings, as sigs.k8s.io/yaml
 * converts scalars for a string target (such a selector is then refused as invalid when a pod is created).
 */
export function loadPodNodeSelectorConfiguration(source: PluginConfigSource | undefined): PodNodeSelectorConfiguration {
  if (!source) return {};
  let document: unknown;
  try {
    document = parseYamlDocument(source.data);
  } catch {
    return {};
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return {};
  const fields = document as Record<string, unknown>;
  const key = CONFIG_KEY in fields ? CONFIG_KEY : Object.keys(fields).find((k) => k.toLowerCase() === CONFIG_KEY.toLowerCase());
  const map = key === undefined ? undefined : fields[key];
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return {};
  // A value that is not a string fails to decode; encoding/json keeps the others.
  const isJson = source.data.trimStart().startsWith('{');
  const entries = Object.entries(map).map(([name, value]): [string, string | undefined] => [name, isJson ? (typeof value === 'string' ? value : undefined) : yamlScalarString(value)]);
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * apimachinery labels.ConvertSelectorToLabelsMap: `k=v` pairs separated by commas, keys and values checked.
 * @throws the StatusError upstream's plain error answers as (500, its text).
 */
export function selectorToLabels(selector: string): LabelSet {
  const labels: LabelSet = {};
  if (!selector) return labels;
  for (const pair of selector.split(',')) {
    const parts = pair.split('=');
    if (parts.length !== 2) throw unknownError(`invalid selector: [${parts.join(' ')}]`);
    const key = parts[0]!.trim();
    const keyErrors = isQualifiedName(key);
    // The field errors of a nil path: `<nil>` for the key, `[<key>]` for its value.
    if (keyErrors.length > 0) throw unknownError(`<nil>: Invalid value: ${goQuote(key)}: ${keyErrors.join('; ')}`);
    const value = parts[1]!.trim();
    const valueErrors = isValidLabelValue(value);
    if (valueErrors.length > 0) throw unknownError(`[${key}]: Invalid value: ${goQuote(value)}: ${valueErrors.join('; ')}`);
    labels[key] = value;
  }
  return labels;
}

/** labels.Conflicts: a key in both with different values. */
const conflicts = (a: LabelSet, b: LabelSet): boolean => Object.entries(a).some(([k, v]) => Object.hasOwn(b, k) && b[k] !== v);

/** upstream isSubset: every pod label in the whitelist with the same value; an empty whitelist allows all. */
const withinWhitelist = (labels: LabelSet, whitelist: LabelSet): boolean =>
  Object.keys(whitelist).length === 0 || Object.entries(labels).every(([k, v]) => Object.hasOwn(whitelist, k) && whitelist[k] === v);

export function podNodeSelector(config: PodNodeSelectorConfiguration, getNamespace: NamespaceGetter): AdmissionPlugin {
  /** upstream getNamespaceNodeSelectorMap and getNodeSelectorMap. */
  const namespaceSelector = async (name: string): Promise<LabelSet> => {
    let namespace: Readonly<KubeObject> | undefined;
    try {
      namespace = await getNamespace(name);
    } catch {
      namespace = undefined;
    }
    // upstream's direct read answers any failure so, which is not a NotFound: an internal error.
    if (!namespace) throw internalError(`namespace ${name} does not exist`);
    const annotation = namespace.metadata.annotations?.[NODE_SELECTOR_ANNOTATION];
    return selectorToLabels(annotation ?? config[CLUSTER_DEFAULT] ?? '');
  };
  const refuse = (a: AdmissionAttributes, why: string) => newForbidden({ group: '', resource: 'pods' }, a.object?.metadata.name ?? '', why);
  const check = async (a: AdmissionAttributes, spec: { nodeSelector?: LabelSet }, selector: LabelSet): Promise<void> => {
    if (conflicts(selector, spec.nodeSelector ?? {})) throw refuse(a, 'pod node label selector conflicts with its namespace node label selector');
    const whitelist = selectorToLabels(config[a.namespace] ?? '');
    if (!withinWhitelist(spec.nodeSelector ?? {}, whitelist)) throw refuse(a, 'pod node label selector labels conflict with its namespace whitelist');
  };
  return {
    name: 'PodNodeSelector',
    handles: (a) => a.operation === 'CREATE' && a.def.group === '' && a.def.resource === 'pods' && !a.subresource && !!a.object,
    async admit(a) {
      const spec = (a.object!['spec'] ??= {}) as { nodeSelector?: LabelSet };
      const selector = await namespaceSelector(a.namespace);
      if (conflicts(selector, spec.nodeSelector ?? {})) throw refuse(a, 'pod node label selector conflicts with its namespace node label selector');
      // labels.Merge: the pod's own labels win (they agree after the check above).
      const merged = { ...selector, ...spec.nodeSelector };
      if (Object.keys(merged).length > 0) spec.nodeSelector = merged;
      await check(a, spec, selector);
    },
    async validate(a) {
      const spec = (a.object!['spec'] ?? {}) as { nodeSelector?: LabelSet };
      await check(a, spec, await namespaceSelector(a.namespace));
    },
  };
}
