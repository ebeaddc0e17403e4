// ImagePolicyWebhook's configuration (upstream plugin/pkg/admission/imagepolicy config.go and
// NewImagePolicyWebhook): the unversioned `{"imagePolicy": {...}}` document, JSON or YAML, from the plugin's
// entry of `--admission-control-config-file` or the legacy file itself. `allowTTL` and `denyTTL` are seconds,
// `retryBackoff` milliseconds; 0 asks for the default, -1 disables (a TTL of nothing, retries at once), other
// values must lie within upstream's bounds. The kubeconfig it names is the backend, read once at start; kplane
// refuses one whose server is not https (spec 2-access-control: the backend must use TLS).
import { stat } from 'node:fs/promises';
import { loadClientConfig } from '../../client/kubeconfig.js';
import { webhookClientOf, type WebhookClient } from '../../auth/authenticators/webhook-client.js';
import { formatGoDuration } from '../../schema/go-duration.js';
import { parseYamlDocument } from '../../schema/yaml-document.js';
import type { PluginConfigSource } from '../config/index.js';
import { jsonType } from '../config/decode.js';
import { errorMessage } from '../../errors/error-message.js';

/** The decoded and normalized `imagePolicy` block. */
export interface ImagePolicyWebhookConfig {
  readonly kubeConfigFile: string;
  readonly allowTtlMs: number;
  readonly denyTtlMs: number;
  readonly retryBackoffMs: number;
  /** What a failed call to the backend decides: admit (true) or refuse (false, the default). */
  readonly defaultAllow: boolean;
}

/** The configuration with the backend's client, as the plugin is made from it. */
export interface LoadedImagePolicyWebhook {
  readonly config: ImagePolicyWebhookConfig;
  readonly client: WebhookClient;
}

/** One duration field: its unit, bounds and default (upstream's constants, in milliseconds). */
interface DurationBounds {
  readonly name: string;
  readonly unitMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly defaultMs: number;
}
const RETRY_BACKOFF: DurationBounds = { name: 'backoff', unitMs: 1, minMs: 1e-6, maxMs: 5 * 60_000, defaultMs: 500 };
const ALLOW_TTL: DurationBounds = { name: 'allow cache', unitMs: 1000, minMs: 1000, maxMs: 30 * 60_000, defaultMs: 5 * 60_000 };
const DENY_TTL: DurationBounds = { name: 'deny cache', unitMs: 1000, minMs: 1000, maxMs: 30 * 60_000, defaultMs: 30_000 };

/** upstream's sentinels: 0 takes the default, -1 disables. */
const USE_DEFAULT = 0;
const DISABLE = -1;
const INT64_MAX = 9223372036854775807;

/** The Go fields of the document: their JSON names and types, as encoding/json names them in its errors. */
const FIELDS = {
  kubeConfigFile: 'string',
  allowTTL: 'time.Duration',
  denyTTL: 'time.Duration',
  retryBackoff: 'time.Duration',
  defaultAllow: 'bool',
} as const;
type FieldName = keyof typeof FIELDS;
type RawConfig = { kubeConfigFile: string; allowTTL: number; denyTTL: number; retryBackoff: number; defaultAllow: boolean };

/**
 * upstream NewImagePolicyWebhook up to the kubeconfig: decodes the document and normalizes its durations.
 * @throws Error with upstream's text (`no config specified`, encoding/json's type errors, `valid value is between ...`).
 */
export function decodeImagePolicyWebhookConfig(source: PluginConfigSource | undefined): ImagePolicyWebhookConfig {
  if (!source) throw new Error('no config specified');
  const raw = decodeDocument(source.data);
  return {
    kubeConfigFile: raw.kubeConfigFile,
    // upstream normalizeWebhookConfig's order: the backoff, then the allow and deny TTLs.
    retryBackoffMs: normalizeDuration(RETRY_BACKOFF, raw.retryBackoff),
    allowTtlMs: normalizeDuration(ALLOW_TTL, raw.allowTTL),
    denyTtlMs: normalizeDuration(DENY_TTL, raw.denyTTL),
    defaultAllow: raw.defaultAllow,
  };
}

/**
 * The plugin's configuration as kube-apiserver loads it at start: decoded now (so that a missing one throws at
 * once, also where the registry falls back to a plugin's defaults), the backend's kubeconfig read after.
 * @throws Error `couldn't init admission plugin "ImagePolicyWebhook": ...`, or a promise rejected with it.
 */
export function loadImagePolicyWebhookConfiguration(source: PluginConfigSource | undefined): Promise<LoadedImagePolicyWebhook> {
  let config: ImagePolicyWebhookConfig;
  try {
    config = decodeImagePolicyWebhookConfig(source);
  } catch (error) {
    throw initFailure(error);
  }
  return backendClient(config.kubeConfigFile).then((client) => ({ config, client }), (error: unknown) => {
    throw initFailure(error);
  });
}

/** upstream InitPlugin's wrapping of a plugin's error. */
const initFailure = (error: unknown): Error =>
  new Error(`couldn't init admission plugin "ImagePolicyWebhook": ${errorMessage(error)}`, { cause: error });

/**
 * upstream webhook.LoadKubeconfig and NewGenericWebhook: the kubeconfig's current context is the backend. An
 * empty path is refused rather than falling back to `$KUBECONFIG` or `~/.kube/config` as clientcmd would.
 */
async function backendClient(path: string): Promise<WebhookClient> {
  if (path === '') throw new Error('invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable');
  try {
    // clientcmd stats an explicit path before loading it.
    await stat(path);
  } catch (error) {
    throw new Error((error as { code?: unknown }).code === 'ENOENT' ? `stat ${path}: no such file or directory` : String((error as Error).message), { cause: error });
  }
  const config = await loadClientConfig(path);
  if (!isHttpsUrl(config.cluster.server)) {
    throw new Error(`the image policy webhook backend must be served over https, the kubeconfig ${path} names server ${JSON.stringify(config.cluster.server)}`);
  }
  return webhookClientOf(config);
}

function isHttpsUrl(server: string): boolean {
  try {
    return new URL(server).protocol === 'https:';
  } catch {
    return false;
  }
}

/** upstream normalizeConfigDuration: the value in milliseconds. */
function normalizeDuration(bounds: DurationBounds, value: number): number {
  if (value === DISABLE) return 0;
  if (value === USE_DEFAULT) return bounds.defaultMs;
  const ms = value * bounds.unitMs;
  if (ms < bounds.minMs || ms > bounds.maxMs) {
    throw new Error(`valid value is between ${formatGoDuration(bounds.minMs)} and ${formatGoDuration(bounds.maxMs)}, got ${formatGoDuration(ms)}`);
  }
  return ms;
}

/**
 * apimachinery's YAMLOrJSONDecoder into upstream's AdmissionConfig: JSON when the document starts with `{`,
 * else YAML converted to JSON (its errors then carry sigs.k8s.io/yaml's prefix); unknown fields ignored.
 */
function decodeDocument(data: string): RawConfig {
  // The YAML reader of an empty stream gives io.EOF.
  if (data.length === 0) throw new Error('EOF');
  const isJson = data.trimStart().startsWith('{');
  let document: unknown;
  try {
    document = isJson ? JSON.parse(data) : parseYamlDocument(data);
  } catch (error) {
    const message = errorMessage(error);
    throw new Error(isJson ? `json: ${message}` : `error converting YAML to JSON: ${message}`, { cause: error });
  }
  const raw: RawConfig = { kubeConfigFile: '', allowTTL: 0, denyTTL: 0, retryBackoff: 0, defaultAllow: false };
  const typeError = decodeInto(document, raw);
  if (typeError) throw new Error(isJson ? typeError : `error unmarshaling JSON: while decoding JSON: ${typeError}`);
  return raw;
}

/**
 * encoding/json's Unmarshal of `document` into AdmissionConfig: keys matched exactly or else case-insensitively,
 * a later key overriding an earlier one, null leaving the zero value; the first type error is reported (Go
 * records it and decodes the rest, which is then discarded with it).
 */
function decodeInto(document: unknown, raw: RawConfig): string | undefined {
  if (document === null) return undefined;
  if (typeof document !== 'object' || Array.isArray(document)) return `json: cannot unmarshal ${jsonType(document)} into Go value of type imagepolicy.AdmissionConfig`;
  let firstError: string | undefined;
  for (const [key, policy] of Object.entries(document)) {
    if (!sameField(key, 'imagePolicy') || policy === null) continue;
    if (typeof policy !== 'object' || Array.isArray(policy)) {
      firstError ??= `json: cannot unmarshal ${jsonType(policy)} into Go struct field AdmissionConfig.imagePolicy of type imagepolicy.imagePolicyWebhookConfig`;
      continue;
    }
    for (const [name, value] of Object.entries(policy as Record<string, unknown>)) {
      const field = fieldOf(name);
      if (field === undefined || value === null) continue;
      const error = assign(raw, field, value);
      if (error) firstError ??= `json: cannot unmarshal ${error} into Go struct field imagePolicyWebhookConfig.imagePolicy.${field} of type ${FIELDS[field]}`;
    }
  }
  return firstError;
}

/** Sets a field; the value's description for a type error when it does not fit. */
function assign(raw: RawConfig, field: FieldName, value: unknown): string | undefined {
  switch (FIELDS[field]) {
    case 'string':
      if (typeof value !== 'string') return jsonType(value);
      raw.kubeConfigFile = value;
      return undefined;
    case 'bool':
      if (typeof value !== 'boolean') return jsonType(value);
      raw.defaultAllow = value;
      return undefined;
    default:
      if (typeof value !== 'number') return jsonType(value);
      // An int64: a fraction, an exponent or an overflow does not parse.
      if (!Number.isInteger(value) || Math.abs(value) > INT64_MAX) return `number ${String(value)}`;
      raw[field as 'allowTTL' | 'denyTTL' | 'retryBackoff'] = value;
      return undefined;
  }
}

/** encoding/json's field lookup: the exact name first, else one equal under case folding. */
function fieldOf(key: string): FieldName | undefined {
  if (Object.hasOwn(FIELDS, key)) return key as FieldName;
  return (Object.keys(FIELDS) as FieldName[]).find((name) => sameField(key, name));
}

const sameField = (key: string, name: string): boolean => key === name || key.toLowerCase() === name.toLowerCase();
