// The csrapproving controller (upstream pkg/controller/certificates/approver/sarapprove.go, 1.25): a pending
// request for the kubelet client signer whose subject and usages are a node client's is approved when its
// requester may create `certificatesigningrequests/selfnodeclient` (renewing its own identity) or
// `.../nodeclient` (any node's), as a SubjectAccessReview for the requester answers (spec 2-access-control,
// CertificateSigningRequest states: "a built-in controller may approve").
import type { CertificateSigningRequest } from '../../apis/certificates/v1/schemas.generated.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceClient, ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController } from '../queue-controller.js';
import { isNotFound } from '../status-errors.js';
import { QuietRetry } from '../work-queue.js';
import { parseCertificateRequest, type ParsedRequest } from './issue-certificate.js';
import { KUBE_APISERVER_CLIENT_KUBELET, validateKubeletClient } from './signer-rules.js';
import { errorMessage } from '../../errors/error-message.js';

export interface CSRApprovingDeps {
  /** certificates.k8s.io/v1 certificatesigningrequests. */
  csrs: ResourceRef;
  /** authorization.k8s.io/v1 subjectaccessreviews. */
  subjectAccessReviews: ResourceRef;
}

/** One kind of request the controller recognises, the permission its requester needs, and the approval's message. */
interface Recognizer {
  recognize(csr: CertificateSigningRequest, parsed: ParsedRequest): boolean;
  subresource: 'selfnodeclient' | 'nodeclient';
  message: string;
}

/** upstream isNodeClientCert: the kubelet client signer, and a request capihelper.IsKubeletClientCSR accepts. */
const isNodeClient = (csr: CertificateSigningRequest, parsed: ParsedRequest): boolean =>
  csr.spec.signerName === KUBE_APISERVER_CLIENT_KUBELET && validateKubeletClient(parsed.names, csr.spec.usages ?? []) === undefined;

/** upstream recognizers(), in its order: a node renewing its own certificate first. */
const RECOGNIZERS: readonly Recognizer[] = [
  {
    recognize: (csr, parsed) => csr.spec.username === parsed.names.commonName && isNodeClient(csr, parsed),
    subresource: 'selfnodeclient',
    message: 'Auto approving self kubelet client certificate after SubjectAccessReview.',
  },
  { recognize: isNodeClient, subresource: 'nodeclient', message: 'Auto approving kubelet client certificate after SubjectAccessReview.' },
];

/** upstream's guards: nothing to do for an issued request, or one already approved or denied (whatever the status). */
export const wantsApproval = (csr: CertificateSigningRequest): boolean =>
  !csr.status?.certificate && !(csr.status?.conditions ?? []).some((c) => c.type === 'Approved' || c.type === 'Denied');

/** The controller `csrapproving`: reads the shared CertificateSigningRequest informer, writes the approval subresource. */
export function csrApprovingController(context: ControllerContext, deps: CSRApprovingDeps): Controller {
  const { informer, client } = followed(context, deps.csrs);
  const reviews = context.clients.resource(deps.subjectAccessReviews);

  /** upstream sarApprover.handle, on a copy of the cached object. */
  const sync = async (name: string): Promise<void> => {
    const cached = informer.get('', name) as CertificateSigningRequest | undefined;
    if (!cached || !wantsApproval(cached)) return;
    const parsed = await parseCertificateRequest(Buffer.from(cached.spec.request ?? '', 'base64').toString('latin1')).catch((error: unknown) => {
      throw new Error(`unable to parse csr "${name}": ${errorMessage(error)}`, { cause: error });
    });
    const tried: string[] = [];
    for (const recognizer of RECOGNIZERS) {
      if (!recognizer.recognize(cached, parsed)) continue;
      tried.push(recognizer.subresource);
      if (!(await requesterMay(reviews, cached, recognizer.subresource))) continue;
      const csr = structuredClone(cached);
      (csr.status ??= {}).conditions = [...(csr.status.conditions ?? []), { type: 'Approved', status: 'True', reason: 'AutoApproved', message: recognizer.message }];
      try {
        await client.replace('', csr as unknown as KubeObject, { subresource: 'approval' });
      } catch (error) {
        if (!isNotFound(error)) throw new Error(`error updating approval for csr: ${errorMessage(error)}`, { cause: error });
      }
      return;
    }
    // upstream's IgnorableError: retried with backoff (the requester may be granted the permission later), not logged.
    if (tried.length > 0) throw new QuietRetry(`recognized csr "${name}" as [${tried.join(' ')}] but subject access review was not approved`);
  };

  return queueController('csrapproving', [
    { informer, onObject: (csr, type, queue) => type !== 'DELETED' && wantsApproval(csr as CertificateSigningRequest) && queue.add(csr.metadata.name ?? '') },
  ], sync);
}

/** upstream sarApprover.authorize: a SubjectAccessReview for the request's requester, as the request recorded it. */
async function requesterMay(reviews: ResourceClient, csr: CertificateSigningRequest, subresource: string): Promise<boolean> {
  const spec = csr.spec;
  const review = await reviews.create('', {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    metadata: {},
    spec: {
      user: spec.username ?? '', uid: spec.uid ?? '', groups: spec.groups ?? [], extra: spec.extra ?? {},
      resourceAttributes: { group: 'certificates.k8s.io', resource: 'certificatesigningrequests', verb: 'create', subresource },
    },
  });
  return (review['status'] as { allowed?: boolean } | undefined)?.allowed === true;
}
