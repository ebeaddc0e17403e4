// The server's failures as the client throws them: the StatusError of the Status it sent (an error
// answer's body, a watch's ERROR event), so callers test `code` and `reason` as the server's own code does.
import { StatusError, type Status } from '../errors/status-error.js';

/** The server's Status as a StatusError; an answer that is no Status (a plain-text 404) keeps its text. */
export function statusErrorOf(code: number, body: string): StatusError {
  let status: Partial<Status> | undefined;
  try {
    status = JSON.parse(body) as Partial<Status>;
  } catch {
    status = undefined;
  }
  if (status?.kind !== 'Status') return new StatusError(code, code === 404 ? 'NotFound' : 'InternalError', body.trim() || `the server answered ${code}`);
  return statusErrorFrom(status, code);
}

/** The StatusError a `Status` (an error answer's body, a watch's ERROR event) stands for. */
export function statusErrorFrom(status: Partial<Status>, code = 500): StatusError {
  return new StatusError(status.code ?? code, status.reason ?? 'InternalError', status.message ?? '', status.details);
}
