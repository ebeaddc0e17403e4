// The audit webhook backend (k8s.io/apiserver plugin/pkg/audit/webhook over the buffered backend, 1.25): events
// POSTed as an audit.k8s.io/v1 EventList to the service `--audit-webhook-config-file` describes. In `batch` mode
// (its default) they are buffered (`--audit-webhook-batch-buffer-size`, events beyond it dropped and logged) and
// sent `--audit-webhook-batch-max-size` at a time or after `--audit-webhook-batch-max-wait`; in the blocking
// modes each event is sent before the request goes on; throttled to 10 batches a second after 15 by default
// (`--audit-webhook-batch-throttle-*`), truncated with `--audit-webhook-truncate-enabled`. A failed POST is retried from
// `--audit-webhook-initial-backoff` (factor 1.5, 5 tries) on connection resets, 429, 500 and 504.
import { postWithRetries, type WebhookClient } from '../auth/authenticators/webhook-client.js';
import { bufferedSender, WEBHOOK_BATCH_DEFAULTS, type BatchConfig } from './buffered.js';
import { eventJson } from './event.js';
import type { AuditBackend, AuditLogMode } from './log-backend.js';
import { truncatedEvent, type TruncateConfig } from './truncate.js';
import { errorMessage } from '../errors/error-message.js';

export interface AuditWebhookOptions {
  client: WebhookClient;
  mode?: AuditLogMode;
  initialBackoffMs?: number;
  /** `--audit-webhook-batch-*`: upstream's defaults (WEBHOOK_BATCH_DEFAULTS) when left out. */
  batch?: BatchConfig;
  /** `--audit-webhook-truncate-*`, when on. */
  truncate?: TruncateConfig;
}

const eventList = (items: readonly string[]): string => `{"kind":"EventList","apiVersion":"audit.k8s.io/v1","metadata":{},"items":[${items.join(',')}]}`;

export function openAuditWebhook(options: AuditWebhookOptions): AuditBackend {
  const { client, mode = 'batch', initialBackoffMs = 10_000, batch = WEBHOOK_BATCH_DEFAULTS, truncate } = options;
  const retry = { initialDelayMs: initialBackoffMs, factor: 1.5, steps: 5 };
  let lastLogged = 0;
  const report = (what: string): void => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    console.error(`kplane: audit webhook: ${what}`);
  };
  const send = (items: readonly string[]): Promise<boolean> =>
    postWithRetries(client, eventList(items), 'an EventList', retry).then(() => true, (error: unknown) => {
      report(`${items.length} events not sent: ${errorMessage(error)}`);
      return false;
    });
  const json = (event: Parameters<AuditBackend['process']>[0]): string | undefined => {
    const fitting = truncate ? truncatedEvent(event, truncate) : event;
    if (!fitting) report('event is too large even after truncating');
    return fitting && eventJson(fitting);
  };
  if (mode !== 'batch') {
    return { strict: mode === 'blocking-strict', process: (event) => { const item = json(event); return item === undefined || send([item]); }, close: () => undefined };
  }
  // Batches go out as they are ready, each on its own (upstream's AsyncDelegate).
  const sender = bufferedSender(batch, (items) => void send(items), report);
  return {
    strict: false,
    process(event) {
      const item = json(event);
      if (item !== undefined) sender.add(item);
      return true;
    },
    close: () => sender.close(),
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
