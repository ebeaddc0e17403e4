// NamespaceAutoProvision (2-access-control: admission plugins; upstream k8s.io/apiserver plugin/namespace/
// autoprovision, off by default): creating a namespaced object in a namespace that does not exist creates the
// namespace first, as kube-apiserver's loopback client would. Dry runs create nothing; a namespace created
// meanwhile by someone else is fine; any other failure refuses the request with 403 (admission.NewForbidden: a
// refusal of the namespace's create that is itself a 403, such as a webhook's, is answered as it is).
import { isStatusError } from '../../errors/status-error.js';
import { admissionForbiddenOf } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';
import { inNamespace, type NamespaceGetter } from './namespace-exists.js';

/** Creates a Namespace of that name as the API server itself (`system:apiserver`); throws the create's error. */
export type NamespaceCreator = (name: string) => Promise<void>;

export function namespaceAutoProvision(getNamespace: NamespaceGetter, createNamespace: NamespaceCreator): AdmissionPlugin {
  return {
    name: 'NamespaceAutoProvision',
    handles: (a) => a.operation === 'CREATE' && !a.dryRun && inNamespace(a),
    async admit(a) {
      try {
        if (await getNamespace(a.namespace)) return;
      } catch (error) {
        throw admissionForbiddenOf(a, error);
      }
      try {
        await createNamespace(a.namespace);
      } catch (error) {
        if (isStatusError(error) && error.code === 409 && error.status.reason === 'AlreadyExists') return;
        throw admissionForbiddenOf(a, error);
      }
    },
  };
}
