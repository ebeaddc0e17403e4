// The ResourceQuota plugin's configuration (upstream k8s.io/apiserver admission/plugin/resourcequota config.go,
// apis/resourcequota and its validation, 1.25), given for plugin `ResourceQuota` in `--admission-control-config-file`:
// kind ResourceQuotaConfiguration of `apiserver.config.k8s.io/v1`, or kind Configuration of
// `resourcequota.admission.k8s.io/v1beta1` or `v1alpha1`. Its `limitedResources` name resources (by `apiGroup` and
// `resource`) whose consumption needs a covering quota: usage names containing one of `matchContains`, and
// (for every resource, as upstream) objects within one of `matchScopes`. None given: nothing is limited.
import type { ScopeRequirement } from '../../quota/evaluator.js';
import { decodeConfig, type ConfigScheme, type PluginConfigSource } from '../config/index.js';
import { jsonType } from '../config/decode.js';
import { errorMessage } from '../../errors/error-message.js';

/** One limited resource (resourcequotaapi.LimitedResource). */
export interface LimitedResource {
  readonly apiGroup: string;
  readonly resource: string;
  readonly matchContains: readonly string[];
  readonly matchScopes: readonly ScopeRequirement[];
}

/** The decoded configuration (resourcequotaapi.Configuration). */
export interface ResourceQuotaConfiguration {
  readonly limitedResources: readonly LimitedResource[];
}

/** runtime.NewScheme's name for config.go's scheme: the file and line that made it. */
const SCHEME_NAME = 'k8s.io/apiserver/pkg/admission/plugin/resourcequota/config.go:32';
/** The kinds install.Install registers (their versions are distinct, and name the Go package of their types). */
const SCHEMES: readonly ConfigScheme[] = [
  { group: 'apiserver.config.k8s.io', kind: 'ResourceQuotaConfiguration', versions: ['v1'], scheme: SCHEME_NAME },
  { group: 'resourcequota.admission.k8s.io', kind: 'Configuration', versions: ['v1beta1'], scheme: SCHEME_NAME },
  { group: 'resourcequota.admission.k8s.io', kind: 'Configuration', versions: ['v1alpha1'], scheme: SCHEME_NAME },
];

const NO_LIMITS: ResourceQuotaConfiguration = Object.freeze({ limitedResources: [] });

/** A JSON value encoding/json could not decode into a Go field of `goType`. */
class UnmarshalTypeError extends Error {
  constructor(value: unknown, field: string, goType: string) {
    super(`json: cannot unmarshal ${jsonType(value)} into Go struct field ${field} of type ${goType}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string field (null and absent leave ''). */
function stringField(object: Readonly<Record<string, unknown>>, key: string, field: string, goType = 'string'): string {
  const value = object[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new UnmarshalTypeError(value, field, goType);
  return value;
}

/** A []string field, or undefined when absent or null. */
function stringsField(object: Readonly<Record<string, unknown>>, key: string, field: string): string[] | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new UnmarshalTypeError(value, field, '[]string');
  return value.map((item: unknown) => {
    if (item !== null && typeof item !== 'string') throw new UnmarshalTypeError(item, field, 'string');
    return item ?? '';
  });
}

/** The elements of an array field, each an object (null elements decode as zero structs). */
function structsField(object: Readonly<Record<string, unknown>>, key: string, field: string, goElement: string): Record<string, unknown>[] {
  const value = object[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new UnmarshalTypeError(value, field, `[]${goElement}`);
  return value.map((item: unknown) => {
    if (item === null) return {};
    if (!isObject(item)) throw new UnmarshalTypeError(item, field, goElement);
    return item;
  });
}

/** A matchScopes entry (corev1.ScopedResourceSelectorRequirement). */
function scopeRequirement(entry: Record<string, unknown>): ScopeRequirement {
  const at = (key: string): string => `ScopedResourceSelectorRequirement.limitedResources.matchScopes.${key}`;
  const values = stringsField(entry, 'values', at('values'));
  return {
    scopeName: stringField(entry, 'scopeName', at('scopeName'), 'v1.ResourceQuotaScope'),
    operator: stringField(entry, 'operator', at('operator'), 'v1.ScopeSelectorOperator'),
    ...(values ? { values } : {}),
  };
}

/** The decoded limitedResources, as encoding/json reads them into the version's types (unknown fields ignored). */
function limitedResources(object: Readonly<Record<string, unknown>>, goPackage: string): LimitedResource[] {
  const entries = structsField(object, 'limitedResources', 'Configuration.limitedResources', `${goPackage}.LimitedResource`);
  return entries.map((entry) => {
    const at = (key: string): string => `LimitedResource.limitedResources.${key}`;
    return {
      apiGroup: stringField(entry, 'apiGroup', at('apiGroup')),
      resource: stringField(entry, 'resource', at('resource')),
      matchContains: stringsField(entry, 'matchContains', at('matchContains')) ?? [],
      matchScopes: structsField(entry, 'matchScopes', at('matchScopes'), 'v1.ScopedResourceSelectorRequirement').map(scopeRequirement),
    };
  });
}

/** ValidateConfiguration: every limited resource names its resource. */
function validationErrors(configuration: ResourceQuotaConfiguration): string[] {
  return configuration.limitedResources.flatMap((limited, i) => (limited.resource ? [] : [`limitedResources[${i}].resource: Required value`]));
}

/** Decodes the document as whichever registered kind it names (upstream's UniversalDecoder). */
function decode(source: PluginConfigSource): ResourceQuotaConfiguration {
  const decoded = decodeConfig(source, SCHEMES);
  // The versions are distinct across the two groups, so the version names the Go package of the types.
  return { limitedResources: limitedResources(decoded.object, decoded.version) };
}

/**
 * upstream's plugin factory: LoadConfiguration (none given: the v1 defaults, nothing limited), then
 * ValidateConfiguration.
 * @throws Error `couldn't init admission plugin "ResourceQuota": ...` with upstream's text.
 */
export function loadResourceQuotaConfiguration(source: PluginConfigSource | undefined): ResourceQuotaConfiguration {
  try {
    const configuration = source ? decode(source) : NO_LIMITS;
    const errors = validationErrors(configuration);
    // errs.ToAggregate(): one error as it is, several in brackets.
    if (errors.length === 1) throw new Error(errors[0]);
    if (errors.length > 1) throw new Error(`[${errors.join(', ')}]`);
    return configuration;
  } catch (error) {
    throw new Error(`couldn't init admission plugin "ResourceQuota": ${errorMessage(error)}`, { cause: error });
  }
}
