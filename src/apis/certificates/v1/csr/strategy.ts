// The CertificateSigningRequest strategies (upstream pkg/registry/certificates/certificates/strategy.go, 1.25): a
// create records who asked and starts without status; the main resource changes only metadata; `status` sets the
// certificate and conditions other than Approved/Denied; `approval` sets the conditions only. Conditions get
// their update and transition times.
import { nowTimestamp } from '../../../meta/v1/time.js';
import type { CertificateSigningRequest, CertificateSigningRequestCondition } from '../schemas.generated.js';

/** Who made the request, as authentication named them. */
interface Requester {
  readonly name: string;
  readonly uid?: string;
  readonly groups: readonly string[];
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** PrepareForCreate: the requester's identity from the request, never from the body; no status. */
export function prepareCSRForCreate(csr: CertificateSigningRequest, context: { user?: Requester } = {}): void {
  const spec = csr.spec;
  delete spec.username;
  delete spec.uid;
  delete spec.groups;
  delete spec.extra;
  const user = context.user;
  if (user) {
    if (user.name) spec.username = user.name;
    if (user.uid) spec.uid = user.uid;
    if (user.groups.length > 0) spec.groups = [...user.groups];
    if (user.extra && Object.keys(user.extra).length > 0) spec.extra = Object.fromEntries(Object.entries(user.extra).map(([k, v]) => [k, [...v]]));
  }
  csr.status = {};
}

/** PrepareForUpdate of the main resource: spec and status stay as stored. */
export function prepareCSRForUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): void {
  csr.spec = structuredClone(old.spec);
  if (old.status === undefined) delete csr.status;
  else csr.status = structuredClone(old.status);
}

/** The `status` strategy: spec as stored, Approved/Denied conditions kept as they were (or all, when counts change). */
export function prepareCSRForStatusUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): void {
  csr.spec = structuredClone(old.spec);
  const status = (csr.status ??= {});
  if (!preserveConditions(csr, old, 'Approved') || !preserveConditions(csr, old, 'Denied')) {
    if (old.status?.conditions === undefined) delete status.conditions;
    else status.conditions = structuredClone(old.status.conditions);
  }
  populateConditionTimestamps(csr, old);
}

/** The `approval` strategy: spec and certificate as stored. */
export function prepareCSRForApprovalUpdate(csr: CertificateSigningRequest, old: CertificateSigningRequest): void {
  csr.spec = structuredClone(old.spec);
  const status = (csr.status ??= {});
  if (old.status?.certificate === undefined) delete status.certificate;
  else status.certificate = old.status.certificate;
  populateConditionTimestamps(csr, old);
}

const indicesOf = (csr: CertificateSigningRequest, type: string): number[] =>
  (csr.status?.conditions ?? []).flatMap((c, i) => (c.type === type ? [i] : []));

/** preserveConditionInstances: the old conditions of `type` in place of the new ones, unless their count changed. */
function preserveConditions(csr: CertificateSigningRequest, old: CertificateSigningRequest, type: string): boolean {
  const [before, after] = [indicesOf(old, type), indicesOf(csr, type)];
  if (before.length !== after.length) return false;
  const conditions = csr.status?.conditions ?? [];
  after.forEach((index, i) => (conditions[index] = structuredClone(old.status?.conditions?.[before[i]!]) as CertificateSigningRequestCondition));
  return true;
}

/** populateConditionTimestamps: now where missing; a transition time kept from a stored condition of the same type and status. */
function populateConditionTimestamps(csr: CertificateSigningRequest, old: CertificateSigningRequest): void {
  const now = nowTimestamp();
  for (const condition of csr.status?.conditions ?? []) {
    condition.lastUpdateTime ??= now;
    if (condition.lastTransitionTime) continue;
    const same = (old.status?.conditions ?? []).find((c) => c.type === condition.type && c.status === condition.status && c.lastTransitionTime);
    condition.lastTransitionTime = same?.lastTransitionTime ?? now;
  }
}
