// Auditing (upstream AuditOptions, 1.25, its policy and log backend flags): the policy file and the audit log.
import { boolFlag, durationFlag, FlagError, intFlag, stringFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';
import type { AuditOptions } from '../../server/audit.js';
import type { AuditLogFormat, AuditLogMode } from '../../audit/log-backend.js';

const FORMATS = ['legacy', 'json'];
const MODES = ['batch', 'blocking', 'blocking-strict'];

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
  auditWebhookInitialBackoffMs: durationFlag('audit-webhook-initial-backoff', 10_000, 'The amount of time to wait before retrying the first failed request.'),
  auditWebhookBatchBufferSize: intFlag('audit-webhook-batch-buffer-size', 10_000, 'The size of the buffer to store events before batching and writing. Only used in batch mode.'),
  auditWebhookBatchMaxSize: intFlag('audit-webhook-batch-max-size', 400, 'The maximum size of a batch. Only used in batch mode.'),
  auditWebhookBatchMaxWaitMs: durationFlag('audit-webhook-batch-max-wait', 30_000, 'The amount of time to wait before force writing the batch that hadn\'t reached the max size. Only used in batch mode.'),
};

export interface AuditFlagOptions {
  readonly audit: AuditOptions;
}

export const audit: OptionGroup<typeof flags, AuditFlagOptions> = {
  flags,
  resolve(values, _changed, validate) {
    if (validate) {
      // upstream AuditLogOptions.Validate, only when a log path is set.
      if (values.auditLogPath !== '') {
        if (!FORMATS.includes(values.auditLogFormat)) throw new FlagError(`invalid audit log format ${values.auditLogFormat}, allowed formats are ${JSON.stringify(FORMATS.join(','))}`);
        if (!MODES.includes(values.auditLogMode)) throw new FlagError(`invalid audit log mode ${values.auditLogMode}, allowed modes are ${JSON.stringify(MODES.join(','))}`);
        if (values.auditLogMaxAge < 0) throw new FlagError(`--audit-log-maxage ${values.auditLogMaxAge} can't be a negative number`);
        if (values.auditLogMaxBackup < 0) throw new FlagError(`--audit-log-maxbackup ${values.auditLogMaxBackup} can't be a negative number`);
        if (values.auditLogMaxSize < 0) throw new FlagError(`--audit-log-maxsize ${values.auditLogMaxSize} can't be a negative number`);
      }
      // upstream validateBackendBatchOptions, only when a webhook is configured (the throttle flags are not kplane's).
      if (values.auditWebhookConfigFile !== '') {
        if (!MODES.includes(values.auditWebhookMode)) throw new FlagError(`invalid audit webhook mode ${values.auditWebhookMode}, allowed modes are ${JSON.stringify(MODES.join(','))}`);
        if (values.auditWebhookMode === 'batch') {
          if (values.auditWebhookBatchBufferSize <= 0) throw new FlagError(`invalid audit batch webhook buffer size ${values.auditWebhookBatchBufferSize}, must be a positive number`);
          if (values.auditWebhookBatchMaxSize <= 0) throw new FlagError(`invalid audit batch webhook max batch size ${values.auditWebhookBatchMaxSize}, must be a positive number`);
        }
      }
    }
    const policyFile = optional(values.auditPolicyFile);
    const logPath = optional(values.auditLogPath);
    const webhookConfigFile = optional(values.auditWebhookConfigFile);
    return {
      audit: {
        ...(policyFile ? { policyFile } : {}),
        ...(logPath ? { logPath } : {}),
        ...(webhookConfigFile ? {
          webhookConfigFile, webhookMode: values.auditWebhookMode as AuditLogMode, webhookInitialBackoffMs: values.auditWebhookInitialBackoffMs,
          webhookBatchBufferSize: values.auditWebhookBatchBufferSize, webhookBatchMaxSize: values.auditWebhookBatchMaxSize, webhookBatchMaxWaitMs: values.auditWebhookBatchMaxWaitMs,
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
