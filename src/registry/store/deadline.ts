// The request's deadline at the storage write. Upstream's storage calls take the request's context: past its
// deadline the etcd client fails before the write is sent, and the handler's finishRequest answers a timeout. A
// write that reaches its storage call after the request timed out (answered 504 by the timeout filter, or about to
// be) is therefore not made, so that a client's retry finds nothing of the request it gave up on.
import { timeout } from '../../errors/status-error.js';

/** Throws upstream's finishRequest timeout when `deadline` (epoch ms, the request's) has passed. */
export function checkWriteDeadline(deadline: number | undefined): void {
  if (deadline !== undefined && Date.now() >= deadline) throw timeout('Timeout: request did not complete within requested timeout - context deadline exceeded', 0);
}
