// upstream pkg/apis/certificates IsAuthorizedForSignerName: may the user `verb` (approve, sign) on the synthetic
// `signers` resource of certificates.k8s.io named `signerName`, or else `<domain>/*` of it.
import type { Authorizer } from '../../authorization/authorizer.js';
import type { UserInfo } from '../../auth/user-info.js';

export async function isAuthorizedForSignerName(authorizer: Authorizer, user: UserInfo, verb: string, signerName: string): Promise<boolean> {
  const ask = async (name: string): Promise<boolean> => {
    const decision = await authorizer.authorize({
      user, verb, name, apiGroup: 'certificates.k8s.io', apiVersion: '*', resource: 'signers', subresource: '', isResourceRequest: true, path: '', namespace: '',
    });
    return decision.decision === 'Allow';
  };
  return (await ask(signerName)) || (await ask(`${signerName.split('/')[0] ?? ''}/*`));
}
