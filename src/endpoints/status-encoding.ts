// A `Status` as Go encodes metav1.Status (issue 15, item 5): fields in struct order (kind, apiVersion,
// metadata, status, message, reason, details, code), `omitempty` fields left out when empty (so an
// empty `details.group` goes, while a present `details` stays, even as `{}`), and json.Encoder's
// trailing newline on the wire. Some clients compare these bodies byte for byte.
import type { Status, StatusCause, StatusDetails } from '../errors/status-error.js';

type Encodable = Readonly<Status> | Readonly<Omit<Status, 'code'>>;

/** The Status as a plain value whose key order is Go's. */
export function goOrderedStatus(status: Encodable): Record<string, unknown> {
  const out: Record<string, unknown> = { kind: 'Status', apiVersion: 'v1', metadata: status.metadata.continue ? { continue: status.metadata.continue } : {} };
  putString(out, 'status', status.status);
  putString(out, 'message', status.message);
  putString(out, 'reason', status.reason);
  if (status.details !== undefined) out['details'] = orderedDetails(status.details);
  if ('code' in status && status.code !== 0) out['code'] = status.code;
  return out;
}

/** The JSON body of a Status response: json.Encoder's output, newline included. */
export function statusJson(status: Encodable): string {
  return JSON.stringify(goOrderedStatus(status)) + '\n';
}

function orderedDetails(details: Readonly<StatusDetails>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  putString(out, 'name', details.name);
  putString(out, 'group', details.group);
  putString(out, 'kind', details.kind);
  putString(out, 'uid', details.uid);
  if (details.causes !== undefined && details.causes.length > 0) out['causes'] = details.causes.map(orderedCause);
  if (details.retryAfterSeconds !== undefined && details.retryAfterSeconds !== 0) out['retryAfterSeconds'] = details.retryAfterSeconds;
  return out;
}

function orderedCause(cause: Readonly<StatusCause>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  putString(out, 'reason', cause.reason);
  putString(out, 'message', cause.message);
  putString(out, 'field', cause.field);
  return out;
}

function putString(out: Record<string, unknown>, key: string, value: string | undefined): void {
  if (value !== undefined && value !== '') out[key] = value;
}
