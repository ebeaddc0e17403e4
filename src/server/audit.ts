// Auditing in this server (k8s.io/apiserver pkg/server/options AuditOptions, 1.25): the policy is read from
// `--audit-policy-file` and the webhook's kubeconfig from `--audit-webhook-config-file` with the other files,
// before anything opens (a bad one stops the start); the log at `--audit-log-path` is opened once the server is
// about to serve. With no policy nothing is recorded (upstream logs that no events will be recorded); with no
// log path and no webhook there is no backend; with both, events go to both (upstream's union backend).
import { loadWebhookClient } from '../auth/authenticators/webhook-client.js';
import { openAuditLog, type AuditLogFormat, type AuditLogMode } from '../audit/log-backend.js';
import { loadAuditPolicy } from '../audit/policy.js';
import { openAuditWebhook, unionBackend } from '../audit/webhook-backend.js';
import type { AuditDeps } from '../filters/with-audit.js';
import type { BatchConfig } from '../audit/buffered.js';
import type { TruncateConfig } from '../audit/truncate.js';

export interface AuditOptions {
  /** `--audit-policy-file`. */
  policyFile?: string;
  /** `--audit-log-path`; `-` is standard output. */
  logPath?: string;
  /** `--audit-log-format`: json (default) or legacy. */
  logFormat?: AuditLogFormat;
  /** `--audit-log-mode`: blocking (default), blocking-strict or batch. */
  logMode?: AuditLogMode;
  /** `--audit-log-maxage` (days), `--audit-log-maxbackup`, `--audit-log-maxsize` (MB), `--audit-log-compress`. */
  logMaxAge?: number;
  logMaxBackup?: number;
  logMaxSize?: number;
  logCompress?: boolean;
  /** `--audit-log-batch-*` (batch mode), `--audit-log-truncate-*` when truncating is on. */
  logBatch?: BatchConfig;
  logTruncate?: TruncateConfig;
  /** `--audit-webhook-config-file`: a kubeconfig naming the service events are POSTed to. */
  webhookConfigFile?: string;
  /** `--audit-webhook-mode`: batch (default), blocking or blocking-strict. */
  webhookMode?: AuditLogMode;
  /** `--audit-webhook-initial-backoff`. */
  webhookInitialBackoffMs?: number;
  /** `--audit-webhook-batch-*` (batch mode), `--audit-webhook-truncate-*` when truncating is on. */
  webhookBatch?: BatchConfig;
  webhookTruncate?: TruncateConfig;
}

/** The policy and files read; `open` opens the backends and gives the audit filter what it needs. Undefined when nothing is recorded. */
export async function loadAudit(options: AuditOptions = {}): Promise<{ open(): AuditDeps } | undefined> {
  const { logPath, policyFile, webhookConfigFile } = options;
  if (!logPath && !webhookConfigFile) return undefined;
  if (!policyFile) {
    console.error(`kplane: no audit policy file provided, no events will be recorded for ${logPath ? 'log' : 'webhook'} backend`);
    return undefined;
  }
  const policy = await loadAuditPolicy(policyFile);
  const webhookClient = webhookConfigFile ? await loadWebhookClient(webhookConfigFile, 'audit-webhook-config-file') : undefined;
  return {
    open: () => {
      const backends = [
        ...(logPath ? [openLog(logPath, options)] : []),
        ...(webhookClient ? [openAuditWebhook({
          client: webhookClient,
          ...(options.webhookMode ? { mode: options.webhookMode } : {}),
          ...(options.webhookInitialBackoffMs !== undefined ? { initialBackoffMs: options.webhookInitialBackoffMs } : {}),
          ...(options.webhookBatch ? { batch: options.webhookBatch } : {}),
          ...(options.webhookTruncate ? { truncate: options.webhookTruncate } : {}),
        })] : []),
      ];
      return { policy, backend: unionBackend(backends) };
    },
  };
}

function openLog(path: string, options: AuditOptions): AuditDeps['backend'] {
  return openAuditLog({
    path,
    ...(options.logFormat ? { format: options.logFormat } : {}),
    ...(options.logMode ? { mode: options.logMode } : {}),
    ...(options.logMaxAge !== undefined ? { maxAgeDays: options.logMaxAge } : {}),
    ...(options.logMaxBackup !== undefined ? { maxBackups: options.logMaxBackup } : {}),
    ...(options.logMaxSize !== undefined ? { maxSizeMB: options.logMaxSize } : {}),
    ...(options.logCompress ? { compress: true } : {}),
    ...(options.logBatch ? { batch: options.logBatch } : {}),
    ...(options.logTruncate ? { truncate: options.logTruncate } : {}),
  });
}
