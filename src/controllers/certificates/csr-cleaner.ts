// The csrcleaner controller (upstream pkg/controller/certificates/cleaner, 1.25): requests are deleted an hour
// after they were denied, failed, or approved and issued; pending ones after 24 hours; issued ones once
// their certificate expired (spec 2-access-control, CertificateSigningRequest states, garbage collection).
// Upstream lists every request once an hour; here each request is looked at when its deadline comes, which
// deletes within the same window.
import { X509Certificate } from 'node:crypto';
import type { CertificateSigningRequest } from '../../apis/certificates/v1/schemas.generated.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController } from '../queue-controller.js';
import { isGoneOrChanged } from '../status-errors.js';

const HOUR_MS = 60 * 60 * 1000;
/** upstream approvedExpiration, deniedExpiration (also used for failed requests) and pendingExpiration. */
export const APPROVED_EXPIRATION_MS = HOUR_MS;
export const DENIED_EXPIRATION_MS = HOUR_MS;
export const PENDING_EXPIRATION_MS = 24 * HOUR_MS;
/** The longest wait before a request is looked at again, as upstream's polling interval. */
const MAX_RECHECK_MS = HOUR_MS;

export interface CSRCleanerDeps {
  csrs: ResourceRef;
  now?: () => Date;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\r?\n[\s\S]*?-----END CERTIFICATE-----/;

/** upstream isExpired's date: the NotAfter of the first certificate issued, when it parses. */
function certificateNotAfter(certificate: string): number | undefined {
  const block = PEM_CERTIFICATE.exec(Buffer.from(certificate, 'base64').toString('latin1'));
  if (!block) return undefined;
  try {
    return Date.parse(new X509Certificate(block[0]).validTo);
  } catch {
    return undefined;
  }
}

/** metav1.Time in milliseconds, or undefined for a zero (unset or unparsable) time, which upstream's isOlderThan skips. */
const timeOf = (value: string | undefined): number | undefined => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * When `csr` becomes garbage (upstream's isIssuedPastDeadline, isDeniedPastDeadline, isFailedPastDeadline,
 * isPendingPastDeadline, isIssuedExpired): the earliest instant past which it is deleted, or undefined if never
 * (for example approved and not yet issued).
 */
export function cleanupDeadline(csr: CertificateSigningRequest): number | undefined {
  const conditions = csr.status?.conditions ?? [];
  const issued = Boolean(csr.status?.certificate);
  const deadlines: number[] = [];
  const after = (time: number | undefined, ms: number): void => {
    if (time !== undefined) deadlines.push(time + ms);
  };
  if (conditions.length === 0) after(timeOf(csr.metadata.creationTimestamp), PENDING_EXPIRATION_MS);
  for (const condition of conditions) {
    if (condition.type === 'Denied' || condition.type === 'Failed') after(timeOf(condition.lastUpdateTime), DENIED_EXPIRATION_MS);
    if (condition.type === 'Approved' && issued) {
      after(timeOf(condition.lastUpdateTime), APPROVED_EXPIRATION_MS);
      after(certificateNotAfter(csr.status?.certificate ?? ''), 0);
    }
  }
  return deadlines.length === 0 ? undefined : Math.min(...deadlines);
}

/** The controller `csrcleaner`: reads the shared CertificateSigningRequest informer, deletes what is past its deadline. */
export function csrCleanerController(context: ControllerContext, deps: CSRCleanerDeps): Controller {
  const { informer, client } = followed(context, deps.csrs);
  const now = deps.now ?? (() => new Date());
  return queueController('csrcleaner', [
    { informer, onObject: (csr, type, queue) => type !== 'DELETED' && queue.add(csr.metadata.name ?? '') },
  ], async (name, queue) => {
    const csr = informer.get('', name) as CertificateSigningRequest | undefined;
    const deadline = csr && cleanupDeadline(csr);
    if (!csr || deadline === undefined) return;
    // upstream isOlderThan is strict: a request is garbage once the deadline has passed.
    const remaining = deadline - now().getTime();
    if (remaining >= 0) {
      queue.addAfter(name, Math.min(remaining + 1, MAX_RECHECK_MS));
      return;
    }
    const uid = csr.metadata.uid;
    try {
      await client.delete('', name, uid ? { preconditions: { uid } } : {});
    } catch (error) {
      // Gone already, or replaced by a new request of the same name (which the informer brings back).
      if (!isGoneOrChanged(error)) throw error;
    }
  });
}
