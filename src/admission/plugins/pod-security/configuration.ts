// PodSecurity's configuration (upstream k8s.io/pod-security-admission/admission/api, load and validation of
// v0.25): PodSecurityConfiguration in `pod-security.admission.config.k8s.io` `v1` (new in 1.25), `v1beta1` or
// `v1alpha1`, decoded strictly, with the defaults `privileged` and `latest` for what it leaves out, then
// checked: the default levels and versions parse, exempt namespaces are namespace names, exempt runtime
// classes DNS subdomains, exempt usernames non-empty, none listed twice. No configuration: the defaults alone.
import { aggregateMessage } from '../../../errors/aggregate.js';
import { duplicate, fieldErrorMessage, invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateNamespaceName } from '../../../apis/meta/v1/validation.js';
import { decodeConfig, strictDecodingError, type PluginConfigSource, type StructType } from '../../config/index.js';
import { parseLevel, parseVersion, type Policy } from './api.js';
import { errorMessage } from '../../../errors/error-message.js';

export interface PodSecurityDefaults {
  readonly enforce: string;
  readonly enforceVersion: string;
  readonly audit: string;
  readonly auditVersion: string;
  readonly warn: string;
  readonly warnVersion: string;
}

export interface PodSecurityExemptions {
  readonly usernames: readonly string[];
  readonly namespaces: readonly string[];
  readonly runtimeClasses: readonly string[];
}

export interface PodSecurityConfiguration {
  readonly defaults: PodSecurityDefaults;
  readonly exemptions: PodSecurityExemptions;
}

/** A checked configuration with its default policy. */
export interface LoadedPodSecurityConfiguration {
  readonly configuration: PodSecurityConfiguration;
  readonly defaultPolicy: Policy;
}

export const PLUGIN_NAME = 'PodSecurity';

const SCHEME = {
  group: 'pod-security.admission.config.k8s.io',
  kind: 'PodSecurityConfiguration',
  versions: ['v1', 'v1beta1', 'v1alpha1'],
  scheme: 'k8s.io/pod-security-admission/admission/api/scheme/scheme.go',
} as const;

const DEFAULTS_TYPE: StructType = {
  struct: 'PodSecurityDefaults',
  fields: { enforce: 'string', 'enforce-version': 'string', audit: 'string', 'audit-version': 'string', warn: 'string', 'warn-version': 'string' },
};
const EXEMPTIONS_TYPE: StructType = { struct: 'PodSecurityExemptions', fields: { usernames: 'string[]', namespaces: 'string[]', runtimeClasses: 'string[]' } };
const CONFIGURATION_TYPE: StructType = {
  struct: 'PodSecurityConfiguration',
  fields: { apiVersion: 'string', kind: 'string', defaults: DEFAULTS_TYPE, exemptions: EXEMPTIONS_TYPE },
};

/** upstream's defaulting: an empty level is `privileged`, an empty version `latest`. */
const orDefault = (value: unknown, fallback: string): string => (typeof value === 'string' && value.length > 0 ? value : fallback);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : '')) : []);

/**
 * upstream load.LoadFromData: the configuration in `source` with its defaults applied.
 * @throws Error with the decoder's text.
 */
export function decodePodSecurityConfiguration(source: PluginConfigSource | undefined): PodSecurityConfiguration {
  // LoadFromData: an empty document is the default configuration (the other plugins' decoders refuse it).
  const decoded = source && source.data.length > 0 ? decodeConfig(source, SCHEME) : undefined;
  const object = decoded?.object ?? {};
  if (decoded) {
    const error = strictDecodingError(object, CONFIGURATION_TYPE, decoded.version);
    if (error) throw new Error(error);
  }
  const defaults = (object['defaults'] ?? {}) as Record<string, unknown>;
  const exemptions = (object['exemptions'] ?? {}) as Record<string, unknown>;
  return {
    defaults: {
      enforce: orDefault(defaults['enforce'], 'privileged'),
      enforceVersion: orDefault(defaults['enforce-version'], 'latest'),
      audit: orDefault(defaults['audit'], 'privileged'),
      auditVersion: orDefault(defaults['audit-version'], 'latest'),
      warn: orDefault(defaults['warn'], 'privileged'),
      warnVersion: orDefault(defaults['warn-version'], 'latest'),
    },
    exemptions: { usernames: strings(exemptions['usernames']), namespaces: strings(exemptions['namespaces']), runtimeClasses: strings(exemptions['runtimeClasses']) },
  };
}

/** upstream ToPolicy: the default policy, or the errors of the fields that do not parse (`Enforce.Level: ...`). */
export function toPolicy(defaults: PodSecurityDefaults): { policy: Policy; errors: string[] } {
  const errors: string[] = [];
  const level = (value: string, field: string) => {
    if (value.length === 0) errors.push(`${field}: required`);
    const parsed = parseLevel(value);
    if (value.length > 0 && parsed.error !== undefined) errors.push(`${field}: ${parsed.error}`);
    return parsed.level;
  };
  const version = (value: string, field: string) => {
    if (value.length === 0) errors.push(`${field}: required`);
    const parsed = parseVersion(value);
    if (value.length > 0 && parsed.error !== undefined) errors.push(`${field}: ${parsed.error}`);
    return parsed.version;
  };
  const policy: Policy = {
    enforce: { level: level(defaults.enforce, 'Enforce.Level'), version: version(defaults.enforceVersion, 'Enforce.Version') },
    audit: { level: level(defaults.audit, 'Audit.Level'), version: version(defaults.auditVersion, 'Audit.Version') },
    warn: { level: level(defaults.warn, 'Warn.Level'), version: version(defaults.warnVersion, 'Warn.Version') },
  };
  return { policy, errors };
}

/** upstream ValidatePodSecurityConfiguration. */
export function validatePodSecurityConfiguration(configuration: PodSecurityConfiguration): FieldError[] {
  const { defaults, exemptions } = configuration;
  const errors: FieldError[] = [];
  const levelAt = (path: string, value: string) => {
    const { error } = parseLevel(value);
    if (error !== undefined) errors.push(invalid(path, value, error));
  };
  const versionAt = (path: string, value: string) => {
    const { error } = parseVersion(value);
    if (error !== undefined) errors.push(invalid(path, value, error));
  };
  levelAt('defaults.enforce', defaults.enforce);
  versionAt('defaults.enforce-version', defaults.enforceVersion);
  levelAt('defaults.warn', defaults.warn);
  versionAt('defaults.warn-version', defaults.warnVersion);
  levelAt('defaults.audit', defaults.audit);
  versionAt('defaults.audit-version', defaults.auditVersion);
  const names = (list: readonly string[], path: string, check: (name: string) => string[] | undefined) => {
    const seen = new Set<string>();
    list.forEach((name, i) => {
      const at = `${path}[${i}]`;
      const problems = check(name);
      if (problems !== undefined) errors.push(problems.length === 0 ? required(at) : invalid(at, name, problems.join(', ')));
      else if (seen.has(name)) errors.push(duplicate(at, name));
      else seen.add(name);
    });
  };
  names(exemptions.namespaces, 'exemptions.namespaces', (name) => nonEmpty(validateNamespaceName(name, false)));
  names(exemptions.runtimeClasses, 'exemptions.runtimeClasses', (name) => nonEmpty(nameIsDNSSubdomain(name, false)));
  names(exemptions.usernames, 'exemptions.usernames', (name) => (name === '' ? [] : undefined));
  return errors;
}

const nonEmpty = (problems: string[]): string[] | undefined => (problems.length > 0 ? problems : undefined);

/**
 * The plugin's configuration as kube-apiserver makes the plugin: decoded (`couldn't init admission plugin`),
 * its default policy (`PodSecurity configuration error`), then checked (`PodSecurity invalid`).
 * @throws Error with upstream's text.
 */
export function loadPodSecurityConfiguration(source: PluginConfigSource | undefined): LoadedPodSecurityConfiguration {
  let configuration: PodSecurityConfiguration;
  try {
    configuration = decodePodSecurityConfiguration(source);
  } catch (error) {
    throw new Error(`couldn't init admission plugin ${JSON.stringify(PLUGIN_NAME)}: ${errorMessage(error)}`, { cause: error });
  }
  const initFailure = (why: string) => new Error(`failed to initialize admission plugin ${JSON.stringify(PLUGIN_NAME)}: ${why}`);
  const { policy, errors } = toPolicy(configuration.defaults);
  if (errors.length > 0) throw initFailure(`${PLUGIN_NAME} configuration error: ${aggregateMessage(errors)}`);
  const invalidFields = validatePodSecurityConfiguration(configuration);
  if (invalidFields.length > 0) throw initFailure(`${PLUGIN_NAME} invalid: ${aggregateMessage(invalidFields.map(fieldErrorMessage))}`);
  return { configuration, defaultPolicy: policy };
}
