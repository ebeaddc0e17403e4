// The audit webhook backend (k8s.io/apiserver plugin/pkg/audit/webhook over the buffered backend, 1.25): events
// POSTed as an audit.k8s.io/v1 EventList to the service `--audit-webhook-config-file` describes. In `batch` mode
// (its default) they are buffered (`--audit-webhook-batch-buffer-size`, events beyond it dropped and logged) and
// sent `--audit-webhook-batch-max-size` at a time or after `--audit-webhook-batch-max-wait`; in the blocking
// modes each event is sent before the request goes on. A failed POST is retried from
// `--audit-webhook-initial-backoff` (factor 1.5, 5 tries) on connection resets, 429, 500 and 504.
import { postWithRetries, type WebhookClient } from '../auth/authenticators/webhook-client.js';
import { eventJson } from './event.js';
import type { AuditBackend, AuditLogMode } from './log-backend.js';

export interface AuditWebhookOptions {
  client: WebhookClient;
  mode?: AuditLogMode;
  initialBackoffMs?: number;
  batchBufferSize?: number;
  batchMaxSize?: number;
  batchMaxWaitMs?: number;
}

/** upstream's defaults: 10 s backoff; batches of 400 within 30 s from a buffer of 10,000. */
export const AUDIT_WEBHOOK_DEFAULTS = { initialBackoffMs: 10_000, batchBufferSize: 10_000, batchMaxSize: 400, batchMaxWaitMs: 30_000 };

const eventList = (items: readonly string[]): string => `{"kind":"EventList","apiVersion":"audit.k8s.io/v1","metadata":{},"items":[${items.join(',')}]}`;

export function openAuditWebhook(options: AuditWebhookOptions): AuditBackend {
  const { client, mode = 'batch' } = options;
  const { initialBackoffMs, batchBufferSize, batchMaxSize, batchMaxWaitMs } = { ...AUDIT_WEBHOOK_DEFAULTS, ...definedOnly(options) };
  const retry = { initialDelayMs: initialBackoffMs, factor: 1.5, steps: 5 };
  let lastLogged = 0;
  const report = (what: string): void => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`kplane: audit webhook: ${what}`);
  };
  const send = (items: readonly string[]): Promise<boolean> =>
    postWithRetries(client, eventList(items), 'an EventList', retry).then(() => true, (error: unknown) => {
      report(`${items.length} events not sent: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    });
  if (mode !== 'batch') {
    return { strict: mode === 'blocking-strict', process: (event) => send([eventJson(event)]), close: () => undefined };
  }
  let batch: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    void send(items);
  };
  return {
    strict: false,
    process(event) {
      if (batch.length >= batchBufferSize) {
        report('audit buffer queue blocked: events dropped');
        return true;
      }
      batch.push(eventJson(event));
      if (batch.length >= batchMaxSize) flush();
      else if (!timer) (timer = setTimeout(flush, batchMaxWaitMs)).unref();
      return true;
    },
    close: flush,
  };
}

/** Several backends as one (upstream's union backend): an event is stored when every backend stored it. */
export function unionBackend(backends: readonly AuditBackend[]): AuditBackend {
  if (backends.length === 1) return backends[0]!;
  return {
    strict: backends.some((b) => b.strict),
    process(event) {
      const results = backends.map((b) => b.process(event));
      if (results.every((r) => typeof r === 'boolean')) return results.every(Boolean);
      return Promise.all(results).then((all) => all.every(Boolean));
    },
    close: () => backends.forEach((b) => b.close()),
  };
}

function definedOnly(options: AuditWebhookOptions): Partial<typeof AUDIT_WEBHOOK_DEFAULTS> {
  const out: Partial<typeof AUDIT_WEBHOOK_DEFAULTS> = {};
  for (const key of Object.keys(AUDIT_WEBHOOK_DEFAULTS) as (keyof typeof AUDIT_WEBHOOK_DEFAULTS)[]) {
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
