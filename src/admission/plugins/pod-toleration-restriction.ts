// PodTolerationRestriction (2-access-control: admission plugins; upstream plugin/pkg/admission/
// podtolerationrestriction, off by default): a created pod gets its namespace's default tolerations (annotation
// `scheduler.alpha.kubernetes.io/defaultTolerations`, else the configuration's `default`), and a pod that is not
// BestEffort tolerates `node.kubernetes.io/memory-pressure:NoSchedule`, merged as upstream's MergeTolerations.
// A created or updated pod's tolerations must then fit the namespace's whitelist (annotation
// `scheduler.alpha.kubernetes.io/tolerationsWhitelist`, else the configuration's `whitelist`). Its configuration
// is the kind Configuration of `podtolerationrestriction.admission.k8s.io/v1alpha1`.
import type { Toleration } from '../../apis/core/v1/schemas.generated.js';
import type { Pod } from '../../apis/core/v1/schemas.generated.js';
import { podQOSClass } from '../../apis/core/v1/pod/qos.js';
import { validateTolerations } from '../../apis/core/v1/pod/validation/tolerations.js';
import { fieldErrorMessage } from '../../errors/field-errors.js';
import { internalError, isStatusError, notFound, unknownError } from '../../errors/status-error.js';
import { goJsonSyntaxError } from '../../schema/go-json-syntax.js';
import { decodeConfig, type ConfigScheme, type PluginConfigSource } from '../config/index.js';
import { jsonType } from '../config/decode.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { mergeTolerations, verifyAgainstWhitelist } from './merge-tolerations.js';
import type { NamespaceGetter } from './namespace-exists.js';
import { errorMessage } from '../../errors/error-message.js';

export const DEFAULT_TOLERATIONS_ANNOTATION = 'scheduler.alpha.kubernetes.io/defaultTolerations';
export const TOLERATIONS_WHITELIST_ANNOTATION = 'scheduler.alpha.kubernetes.io/tolerationsWhitelist';
const MEMORY_PRESSURE: Toleration = { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' };

/** The cluster's default tolerations and whitelist (none: no defaults, no restriction). */
export interface PodTolerationRestrictionConfiguration {
  readonly default?: readonly Toleration[];
  readonly whitelist?: readonly Toleration[];
}

const SCHEME: ConfigScheme = {
  group: 'podtolerationrestriction.admission.k8s.io',
  kind: 'Configuration',
  versions: ['v1alpha1'],
  scheme: 'k8s.io/kubernetes/plugin/pkg/admission/podtolerationrestriction/config.go:32',
};

/**
 * upstream loadConfiguration and ValidateConfiguration; the error as the plugin's init reports it.
 * @throws Error `couldn't init admission plugin "PodTolerationRestriction": ...`.
 */
export function loadPodTolerationRestrictionConfiguration(source: PluginConfigSource | undefined): PodTolerationRestrictionConfiguration {
  try {
    const decoded = source && decodeConfig(source, SCHEME);
    if (!decoded) return {};
    const config = { default: tolerationList(decoded.object['default'], 'default'), whitelist: tolerationList(decoded.object['whitelist'], 'whitelist') };
    const errors = [...validateTolerations(config.default, 'podtolerationrestriction.default'), ...validateTolerations(config.whitelist, 'podtolerationrestriction.whitelist')];
    // upstream prints the field.ErrorList with %v.
    if (errors.length > 0) throw new Error(`invalid config: [${errors.map(fieldErrorMessage).join(' ')}]`);
    return { ...(config.default ? { default: config.default } : {}), ...(config.whitelist ? { whitelist: config.whitelist } : {}) };
  } catch (error) {
    throw new Error(`couldn't init admission plugin "PodTolerationRestriction": ${errorMessage(error)}`, { cause: error });
  }
}

const STRING_FIELDS: ReadonlySet<string> = new Set(['key', 'operator', 'value', 'effect']);

/**
 * A JSON value as encoding/json decodes it into []v1.Toleration (undefined for null or absent): `field` is the
 * Configuration's field holding it, none for an annotation's bare list. A type error names the innermost struct and
 * the field path from the document's root (encoding/json's errorContext), e.g. `Toleration.default.key`.
 * @throws Error with encoding/json's type error.
 */
function tolerationList(value: unknown, field: 'default' | 'whitelist' | undefined): Toleration[] | undefined {
  if (value === undefined || value === null) return undefined;
  const where = (goType: string) => (field ? `Go struct field Configuration.${field} of type ${goType}` : `Go value of type ${goType}`);
  if (!Array.isArray(value)) throw new Error(`json: cannot unmarshal ${jsonType(value)} into ${where('[]v1.Toleration')}`);
  const fieldOf = (key: string) => `Toleration.${field ? `${field}.` : ''}${key}`;
  return value.map((item: unknown): Toleration => {
    if (item === null) return {};
    if (typeof item !== 'object' || Array.isArray(item)) throw new Error(`json: cannot unmarshal ${jsonType(item)} into ${where('v1.Toleration')}`);
    const toleration = item as Record<string, unknown>;
    // The fields in the document's order: encoding/json reports the first mismatch.
    for (const [key, v] of Object.entries(toleration)) {
      if (v === null) continue;
      if (STRING_FIELDS.has(key) && typeof v !== 'string') throw new Error(`json: cannot unmarshal ${jsonType(v)} into Go struct field ${fieldOf(key)} of type string`);
      if (key === 'tolerationSeconds' && !Number.isInteger(v)) {
        throw new Error(`json: cannot unmarshal ${typeof v === 'number' ? `number ${v}` : jsonType(v)} into Go struct field ${fieldOf(key)} of type int64`);
      }
    }
    return toleration as Toleration;
  });
}

/**
 * upstream extractNSTolerations: undefined when the namespace lacks the annotation, [] when it is empty.
 * @throws the StatusError of the annotation's json.Unmarshal error (a plain error: 500).
 */
function annotationTolerations(annotations: Readonly<Record<string, string>> | undefined, key: string): Toleration[] | undefined {
  const text = annotations?.[key];
  if (text === undefined) return undefined;
  if (text === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unknownError(goJsonSyntaxError(text));
  }
  try {
    return tolerationList(value, undefined) ?? [];
  } catch (error) {
    throw unknownError(errorMessage(error));
  }
}

export function podTolerationRestriction(config: PodTolerationRestrictionConfiguration, getNamespace: NamespaceGetter): AdmissionPlugin {
  /** upstream getNamespace: the namespace, its 404, or an internal error. */
  const annotationsOf = async (name: string): Promise<Readonly<Record<string, string>> | undefined> => {
    try {
      const namespace = await getNamespace(name);
      if (!namespace) throw notFound({ group: '', resource: 'namespaces' }, name);
      return namespace.metadata.annotations;
    } catch (error) {
      if (isStatusError(error) && error.code === 404) throw error;
      throw internalError(errorMessage(error));
    }
  };
  const validate = async (a: AdmissionAttributes): Promise<void> => {
    const tolerations = ((a.object!['spec'] ?? {}) as { tolerations?: Toleration[] }).tolerations ?? [];
    if (tolerations.length === 0) return;
    const own = annotationTolerations(await annotationsOf(a.namespace), TOLERATIONS_WHITELIST_ANNOTATION);
    const [whitelist, scope] = own ? [own, 'namespace'] : [config.whitelist ?? [], 'cluster'];
    if (!verifyAgainstWhitelist(tolerations, whitelist)) {
      throw unknownError(`pod tolerations (possibly merged with namespace default tolerations) conflict with its ${scope} whitelist`);
    }
  };
  return {
    name: 'PodTolerationRestriction',
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.resource === 'pods' && !a.subresource && !!a.object,
    async admit(a) {
      const spec = (a.object!['spec'] ??= {}) as { tolerations?: Toleration[] };
      const extra: Toleration[] = [];
      if (a.operation === 'CREATE') {
        extra.push(...(annotationTolerations(await annotationsOf(a.namespace), DEFAULT_TOLERATIONS_ANNOTATION) ?? config.default ?? []));
      }
      if (podQOSClass(a.object as unknown as Pod) !== 'BestEffort') extra.push({ ...MEMORY_PRESSURE });
      if (extra.length > 0) spec.tolerations = mergeTolerations(spec.tolerations ?? [], extra);
      await validate(a);
    },
    validate,
  };
}
