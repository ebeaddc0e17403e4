// Auditing in this server (k8s.io/apiserver pkg/server/options AuditOptions, 1.25): the policy is read from
// `--audit-policy-file` and the log opened at `--audit-log-path` before anything else opens; with no policy
// nothing is recorded (upstream logs that no events will be recorded), with no path there is no log backend.
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

/** The audit filter's policy and backend, or undefined when nothing is to be recorded. */
export async function startAudit(options: AuditOptions = {}): Promise<AuditDeps | undefined> {
  if (!options.logPath) return undefined;
  if (!options.policyFile) {
    console.error('kplane: no audit policy file provided, no events will be recorded for log backend');
    return undefined;
  }
  const policy = await loadAuditPolicy(options.policyFile);
  const backend = openAuditLog({
    path: options.logPath,
    ...(options.logFormat ? { format: options.logFormat } : {}),
    ...(options.logMode ? { mode: options.logMode } : {}),
    ...(options.logMaxAge !== undefined ? { maxAgeDays: options.logMaxAge } : {}),
    ...(options.logMaxBackup !== undefined ? { maxBackups: options.logMaxBackup } : {}),
    ...(options.logMaxSize !== undefined ? { maxSizeMB: options.logMaxSize } : {}),
    ...(options.logCompress ? { compress: true } : {}),
  });
  return { policy, backend };
}
