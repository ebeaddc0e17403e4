// Auditing in this server (k8s.io/apiserver pkg/server/options AuditOptions, 1.25): the policy is read from
// `--audit-policy-file` with the other files, before anything opens (a bad one stops the start); the log at
// `--audit-log-path` is opened once the server is about to serve. With no policy nothing is recorded (upstream
// logs that no events will be recorded); with no path there is no log backend.
import { openAuditLog, type AuditLogFormat, type AuditLogMode } from '../audit/log-backend.js';
import { loadAuditPolicy } from '../audit/policy.js';
import type { AuditDeps } from '../filters/with-audit.js';

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
}

/** The policy read; `open` opens the log and gives the audit filter what it needs. Undefined when nothing is recorded. */
export async function loadAudit(options: AuditOptions = {}): Promise<{ open(): AuditDeps } | undefined> {
  const { logPath, policyFile } = options;
  if (!logPath) return undefined;
  if (!policyFile) {
    console.error('kplane: no audit policy file provided, no events will be recorded for log backend');
    return undefined;
  }
  const policy = await loadAuditPolicy(policyFile);
  return { open: () => ({ policy, backend: openLog(logPath, options) }) };
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
  });
}
