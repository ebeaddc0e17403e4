// Auditing (upstream AuditOptions, 1.25): the policy file, the log backend and the webhook backend, each backend with
// its batch (`--audit-{log,webhook}-batch-*`), truncate (`-truncate-*`) and version flags.
import { boolFlag, deprecatedAlias, durationFlag, float32Flag, FlagError, goFloat32, intFlag, stringFlag, type FlagSpec } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import type { AuditOptions } from '../../server/audit.js';
import type { AuditLogFormat, AuditLogMode } from '../../audit/log-backend.js';
import { LOG_BATCH_DEFAULTS, WEBHOOK_BATCH_DEFAULTS, type BatchConfig } from '../../audit/buffered.js';
import { TRUNCATE_DEFAULTS, type TruncateConfig } from '../../audit/truncate.js';

const FORMATS = ['legacy', 'json'];
const MODES = ['batch', 'blocking', 'blocking-strict'];
/** upstream knownGroupVersions: audit.k8s.io/v1 alone since v1alpha1 and v1beta1 went (1.24). */
const AUDIT_VERSION = 'audit.k8s.io/v1';

/** upstream AuditBatchOptions, AuditTruncateOptions and the version flag of one backend (`log` or `webhook`). */
function backendFlags(plugin: 'log' | 'webhook', batch: BatchConfig) {
  const flag = (suffix: string): string => `audit-${plugin}-${suffix}`;
  return {
    BatchBufferSize: intFlag(flag('batch-buffer-size'), batch.bufferSize, 'The size of the buffer to store events before batching and writing. Only used in batch mode.'),
    BatchMaxSize: intFlag(flag('batch-max-size'), batch.maxBatchSize, 'The maximum size of a batch. Only used in batch mode.'),
    BatchMaxWaitMs: durationFlag(flag('batch-max-wait'), batch.maxBatchWaitMs, 'The amount of time to wait before force writing the batch that hadn\'t reached the max size. Only used in batch mode.'),
    BatchThrottleEnable: boolFlag(flag('batch-throttle-enable'), 'Whether batching throttling is enabled. Only used in batch mode.', undefined, batch.throttle !== undefined),
    BatchThrottleQps: float32Flag(flag('batch-throttle-qps'), batch.throttle?.qps ?? 0, 'Maximum average number of batches per second. Only used in batch mode.'),
    BatchThrottleBurst: intFlag(flag('batch-throttle-burst'), batch.throttle?.burst ?? 0, 'Maximum number of requests sent at the same moment if ThrottleQPS was not utilized before. Only used in batch mode.'),
    TruncateEnabled: boolFlag(flag('truncate-enabled'), 'Whether event and batch truncating is enabled.'),
    TruncateMaxBatchSize: intFlag(flag('truncate-max-batch-size'), TRUNCATE_DEFAULTS.maxBatchSize, 'Maximum size of the batch sent to the underlying backend. Actual serialized size can be several hundreds of bytes greater. If a batch exceeds this limit, it is split into several batches of smaller size.'),
    TruncateMaxEventSize: intFlag(flag('truncate-max-event-size'), TRUNCATE_DEFAULTS.maxEventSize, 'Maximum size of the audit event sent to the underlying backend. If the size of an event is greater than this number, first request and response are removed, and if this doesn\'t reduce the size enough, event is discarded.'),
    Version: stringFlag(flag('version'), AUDIT_VERSION, `API group and version used for serializing audit events written to ${plugin}.`),
  };
}

type BackendFlags = ReturnType<typeof backendFlags>;
type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: T[K] };
type BackendValues = { [K in keyof BackendFlags]: BackendFlags[K] extends FlagSpec<infer T> ? T : never };

function prefixed<P extends string, T extends object>(prefix: P, flags: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(flags).map(([key, flag]) => [`${prefix}${key}`, flag])) as Prefixed<P, T>;
}

const initialBackoff = durationFlag('audit-webhook-initial-backoff', 10_000, 'The amount of time to wait before retrying the first failed request.');

const flags = {
  auditPolicyFile: stringFlag('audit-policy-file', '', 'Path to the file that defines the audit policy configuration.'),
  auditLogPath: stringFlag('audit-log-path', '', 'If set, all requests coming to the apiserver will be logged to this file.  \'-\' means standard out.'),
  auditLogMaxAge: intFlag('audit-log-maxage', 0, 'The maximum number of days to retain old audit log files based on the timestamp encoded in their filename.'),
  auditLogMaxBackup: intFlag('audit-log-maxbackup', 0, 'The maximum number of old audit log files to retain. Setting a value of 0 will mean there\'s no restriction on the number of files.'),
  auditLogMaxSize: intFlag('audit-log-maxsize', 0, 'The maximum size in megabytes of the audit log file before it gets rotated.'),
  auditLogFormat: stringFlag('audit-log-format', 'json', 'Format of saved audits. "legacy" indicates 1-line text format for each event. "json" indicates structured json format. Known formats are legacy,json.'),
  auditLogMode: stringFlag('audit-log-mode', 'blocking', 'Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. Known modes are batch,blocking,blocking-strict.'),
  auditLogCompress: boolFlag('audit-log-compress', 'If set, the rotated log files will be compressed using gzip.'),
  auditWebhookConfigFile: stringFlag('audit-webhook-config-file', '', 'Path to a kubeconfig formatted file that defines the audit webhook configuration.'),
  auditWebhookMode: stringFlag('audit-webhook-mode', 'batch', 'Strategy for sending audit events. Blocking indicates sending events should block server responses. Batch causes the backend to buffer and write events asynchronously. Known modes are batch,blocking,blocking-strict.'),
  auditWebhookInitialBackoffMs: initialBackoff,
  auditWebhookBatchInitialBackoffMs: deprecatedAlias(initialBackoff, 'auditWebhookInitialBackoffMs', 'audit-webhook-batch-initial-backoff', 'Deprecated, use --audit-webhook-initial-backoff instead.'),
  ...prefixed('auditLog', backendFlags('log', LOG_BATCH_DEFAULTS)),
  ...prefixed('auditWebhook', backendFlags('webhook', WEBHOOK_BATCH_DEFAULTS)),
};

type Values = { [K in keyof typeof flags]: (typeof flags)[K] extends FlagSpec<infer T> ? T : never };

/** The backend's own flag values, by their unprefixed keys. */
function backendValues(values: Values, prefix: 'auditLog' | 'auditWebhook'): BackendValues {
  const own = backendFlags('log', LOG_BATCH_DEFAULTS);
  return Object.fromEntries(Object.keys(own).map((key) => [key, values[`${prefix}${key}` as keyof Values]])) as BackendValues;
}

/** upstream validateBackendBatchOptions, AuditTruncateOptions.Validate and validateGroupVersionString: each one's error, in that order. */
function backendErrors(plugin: 'log' | 'webhook', mode: string, v: BackendValues): string[] {
  return [batchError(plugin, mode, v), truncateError(plugin, v), versionError(v)].filter((e): e is string => e !== undefined);
}

function batchError(plugin: 'log' | 'webhook', mode: string, v: BackendValues): string | undefined {
  if (!MODES.includes(mode)) return `invalid audit ${plugin} mode ${mode}, allowed modes are ${JSON.stringify(MODES.join(','))}`;
  if (mode !== 'batch') return undefined;
  if (v.BatchBufferSize <= 0) return `invalid audit batch ${plugin} buffer size ${v.BatchBufferSize}, must be a positive number`;
  if (v.BatchMaxSize <= 0) return `invalid audit batch ${plugin} max batch size ${v.BatchMaxSize}, must be a positive number`;
  if (v.BatchThrottleEnable && v.BatchThrottleQps <= 0) return `invalid audit batch ${plugin} throttle QPS ${goFloat32(v.BatchThrottleQps)}, must be a positive number`;
  if (v.BatchThrottleEnable && v.BatchThrottleBurst <= 0) return `invalid audit batch ${plugin} throttle burst ${v.BatchThrottleBurst}, must be a positive number`;
  return undefined;
}

function truncateError(plugin: 'log' | 'webhook', v: BackendValues): string | undefined {
  if (v.TruncateMaxEventSize <= 0) return `invalid audit truncate ${plugin} max event size ${v.TruncateMaxEventSize}, must be a positive number`;
  if (v.TruncateMaxBatchSize < v.TruncateMaxEventSize) return `invalid audit truncate ${plugin} max batch size ${v.TruncateMaxBatchSize}, must be greater than max event size (${v.TruncateMaxEventSize})`;
  return undefined;
}

function versionError(v: BackendValues): string | undefined {
  // schema.ParseGroupVersion first: more than one slash does not parse.
  if (v.Version.split('/').length > 2) return `unexpected GroupVersion string: ${v.Version}`;
  if (v.Version !== AUDIT_VERSION) return `invalid group version, allowed versions are ${JSON.stringify([AUDIT_VERSION])}`;
  return undefined;
}

const batchConfig = (v: BackendValues): BatchConfig => ({
  bufferSize: v.BatchBufferSize, maxBatchSize: v.BatchMaxSize, maxBatchWaitMs: v.BatchMaxWaitMs,
  ...(v.BatchThrottleEnable ? { throttle: { qps: v.BatchThrottleQps, burst: v.BatchThrottleBurst } } : {}),
});
const truncateConfig = (v: BackendValues): TruncateConfig | undefined =>
  (v.TruncateEnabled ? { maxEventSize: v.TruncateMaxEventSize, maxBatchSize: v.TruncateMaxBatchSize } : undefined);

export interface AuditFlagOptions {
  readonly audit: AuditOptions;
}

export const audit: OptionGroup<typeof flags, AuditFlagOptions> = {
  flags,
  resolve(values, _changed, validate) {
    const log = backendValues(values, 'auditLog');
    const webhook = backendValues(values, 'auditWebhook');
    if (validate) {
      // upstream AuditOptions.Validate: every error of the log's options (when a log path is set), then the
      // webhook's (when one is configured), printed as one aggregate.
      const errors: string[] = [];
      if (values.auditLogPath !== '') {
        errors.push(...backendErrors('log', values.auditLogMode, log));
        if (!FORMATS.includes(values.auditLogFormat)) errors.push(`invalid audit log format ${values.auditLogFormat}, allowed formats are ${JSON.stringify(FORMATS.join(','))}`);
        if (values.auditLogMaxAge < 0) errors.push(`--audit-log-maxage ${values.auditLogMaxAge} can't be a negative number`);
        if (values.auditLogMaxBackup < 0) errors.push(`--audit-log-maxbackup ${values.auditLogMaxBackup} can't be a negative number`);
        if (values.auditLogMaxSize < 0) errors.push(`--audit-log-maxsize ${values.auditLogMaxSize} can't be a negative number`);
      }
      if (values.auditWebhookConfigFile !== '') errors.push(...backendErrors('webhook', values.auditWebhookMode, webhook));
      if (errors.length > 0) throw new FlagError(aggregateMessage(errors));
    }
    const policyFile = optional(values.auditPolicyFile);
    const logPath = optional(values.auditLogPath);
    const webhookConfigFile = optional(values.auditWebhookConfigFile);
    const logTruncate = truncateConfig(log);
    const webhookTruncate = truncateConfig(webhook);
    return {
      audit: {
        ...(policyFile ? { policyFile } : {}),
        ...(logPath ? { logPath, logBatch: batchConfig(log), ...(logTruncate ? { logTruncate } : {}) } : {}),
        ...(webhookConfigFile ? {
          webhookConfigFile, webhookMode: values.auditWebhookMode as AuditLogMode, webhookInitialBackoffMs: values.auditWebhookInitialBackoffMs,
          webhookBatch: batchConfig(webhook), ...(webhookTruncate ? { webhookTruncate } : {}),
        } : {}),
        logFormat: values.auditLogFormat as AuditLogFormat,
        logMode: values.auditLogMode as AuditLogMode,
        logMaxAge: values.auditLogMaxAge,
        logMaxBackup: values.auditLogMaxBackup,
        logMaxSize: values.auditLogMaxSize,
        logCompress: values.auditLogCompress,
      },
    };
  },
  serverOptions: (o) => (o.audit.logPath || o.audit.webhookConfigFile ? { audit: o.audit } : {}),
};
