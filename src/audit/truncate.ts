// The truncating backend (k8s.io/apiserver plugin/pkg/audit/truncate, 1.25), on with
// `--audit-{log,webhook}-truncate-enabled`: an event whose JSON is larger than `truncate-max-event-size` loses its
// request and response objects and is annotated `audit.k8s.io/truncated: "true"`; one still too large is dropped
// (and that is logged). Sizes are of the event's audit.k8s.io/v1 JSON with its newline, as the encoder writes it.
import { eventJson, type AuditEvent } from './event.js';

export interface TruncateConfig {
  maxEventSize: number;
  maxBatchSize: number;
}

/** upstream's defaults: 100 KiB an event, 10 MiB a batch. */
export const TRUNCATE_DEFAULTS: TruncateConfig = { maxEventSize: 100 * 1024, maxBatchSize: 10 * 1024 * 1024 };

const TRUNCATED_ANNOTATION = 'audit.k8s.io/truncated';

/** The event as it fits, or undefined when it does not even without its objects. */
export function truncatedEvent(event: AuditEvent, config: TruncateConfig): AuditEvent | undefined {
  if (sizeOf(event) <= config.maxEventSize) return event;
  // Only events that carry objects (level Request and above) are worth cutting.
  if (event.level !== 'Request' && event.level !== 'RequestResponse') return undefined;
  const { requestObject: _request, responseObject: _response, ...rest } = event;
  const truncated: AuditEvent = { ...rest, annotations: { ...event.annotations, [TRUNCATED_ANNOTATION]: 'true' } };
  return sizeOf(truncated) <= config.maxEventSize ? truncated : undefined;
}

const sizeOf = (event: AuditEvent): number => Buffer.byteLength(eventJson(event)) + 1;
