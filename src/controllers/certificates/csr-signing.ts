// The csrsigning controller (upstream pkg/controller/certificates/signer, 1.25): an approved
// CertificateSigningRequest for one of the four built-in signers gets its certificate, signed by that
// signer's CA, in status.certificate; one its signer refuses gets a Failed condition with the reason (spec
// 2-access-control, CertificateSigningRequest states). Upstream runs one signing controller per signer that
// has a CA (cmd/kube-controller-manager/app/certificates.go startCSRSigningController); here one queue serves
// them all, and a request for a signer without a CA is left alone, as no upstream controller would take it.
// A request that cannot be parsed or signed is retried by the work queue with backoff, and logged there, as
// upstream returns an error.
import type { CertificateSigningRequest, CertificateSigningRequestCondition as Condition } from '../../apis/certificates/v1/schemas.generated.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController } from '../queue-controller.js';
import { isNotFound } from '../status-errors.js';
import { issueCertificate, loadCertificateAuthority, parseCertificateRequest, type CertificateAuthority } from './issue-certificate.js';
import { isBuiltInSigner, signerVerdict } from './signer-rules.js';
import { errorMessage } from '../../errors/error-message.js';

export interface CSRSigningDeps {
  /** certificates.k8s.io/v1 certificatesigningrequests. */
  csrs: ResourceRef;
  /** Each running signer's CA, certificate and key (PEM), by signer name (upstream's --cluster-signing-* files). */
  authorities: ReadonlyMap<string, { cert: string; key: string }>;
  /** upstream's --cluster-signing-duration; default one year. */
  signingDurationMs?: number;
  now?: () => Date;
}

/** upstream's --cluster-signing-duration default (8760h). */
export const DEFAULT_SIGNING_DURATION_MS = 365 * 24 * 60 * 60 * 1000;

/** upstream's lower bound of a requested duration: twice the 5-minute backdate. */
const MIN_REQUESTED_MS = 10 * 60 * 1000;

/** upstream signer.duration: spec.expirationSeconds when set, within [10 minutes, the signing duration]. */
export function signingDuration(signingDurationMs: number, expirationSeconds: number | undefined): number {
  if (expirationSeconds === undefined) return signingDurationMs;
  return Math.max(MIN_REQUESTED_MS, Math.min(signingDurationMs, expirationSeconds * 1000));
}

const hasCondition = (csr: CertificateSigningRequest, test: (c: Condition) => boolean): boolean => (csr.status?.conditions ?? []).some(test);

/**
 * Whether the controller has work for `csr` (upstream certificate_controller.syncFunc and signer.handle's
 * guards): no certificate yet, Approved and not Denied (IsCertificateRequestApproved), not Failed
 * (HasTrueCondition: status True or empty), for a built-in signer among the `running` ones.
 */
export function wantsSigning(csr: CertificateSigningRequest, running: { has(signerName: string): boolean }): boolean {
  if (csr.status?.certificate) return false;
  if (!hasCondition(csr, (c) => c.type === 'Approved' && c.status === 'True')) return false;
  // upstream GetCertApprovalCondition counts a Denied condition whatever its status; HasTrueCondition a Failed one True or empty.
  if (hasCondition(csr, (c) => c.type === 'Denied' || (c.type === 'Failed' && (c.status === 'True' || !c.status)))) return false;
  const signerName = csr.spec?.signerName ?? '';
  return isBuiltInSigner(signerName) && running.has(signerName);
}

/** metav1.Time: RFC 3339 in whole seconds. */
const metaTime = (date: Date): string => date.toISOString().replace(/\.\d+Z$/, 'Z');

/** The controller `csrsigning`: reads the shared CertificateSigningRequest informer, writes the status subresource. */
export function csrSigningController(context: ControllerContext, deps: CSRSigningDeps): Controller {
  const { informer, client } = followed(context, deps.csrs);
  const now = deps.now ?? (() => new Date());
  const durationMs = deps.signingDurationMs ?? DEFAULT_SIGNING_DURATION_MS;
  const { authorities } = deps;
  const loaded = new Map<string, Promise<CertificateAuthority>>();
  /** A running signer's CA, loaded at its first request; a failed load is not kept: the next attempt loads it again. */
  const ca = (signerName: string, authority: { cert: string; key: string }): Promise<CertificateAuthority> => {
    const pending = loaded.get(signerName);
    if (pending) return pending;
    const load = loadCertificateAuthority(authority).catch((error: unknown) => {
      loaded.delete(signerName);
      throw error;
    });
    loaded.set(signerName, load);
    return load;
  };

  /** upstream signer.handle, on a copy of the cached object. */
  const sync = async (name: string): Promise<void> => {
    const cached = informer.get('', name) as CertificateSigningRequest | undefined;
    const authority = authorities.get(cached?.spec?.signerName ?? '');
    if (!cached || !authority || !wantsSigning(cached, authorities)) return;
    const csr = structuredClone(cached);
    const spec = csr.spec;
    const signerName = spec.signerName ?? '';
    const usages = spec.usages ?? [];
    const parsed = await parseCertificateRequest(Buffer.from(spec.request ?? '', 'base64').toString('latin1')).catch((error: unknown) => {
      throw new Error(`unable to parse csr "${name}": ${errorMessage(error)}`, { cause: error });
    });
    const verdict = signerVerdict(signerName, parsed.names, usages);
    if (!verdict.recognized) return;
    const status = (csr.status ??= {});
    if (verdict.error !== undefined) {
      status.conditions = [...(status.conditions ?? []), {
        type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: verdict.error, lastUpdateTime: metaTime(now()),
      }];
    } else {
      const pem = await issueCertificate(await ca(signerName, authority), parsed, { usages, ttlMs: signingDuration(durationMs, spec.expirationSeconds), now: now() });
      status.certificate = Buffer.from(pem).toString('base64');
    }
    try {
      await client.replace('', csr, { subresource: 'status' });
    } catch (error) {
      // upstream: a request deleted meanwhile is done; a conflict is retried, from the newer copy.
      if (!isNotFound(error)) throw error;
    }
  };

  return queueController('csrsigning', [
    { informer, onObject: (csr, type, queue) => type !== 'DELETED' && wantsSigning(csr as CertificateSigningRequest, authorities) && queue.add(csr.metadata.name ?? '') },
  ], sync);
}
