// NamespaceLifecycle (2-access-control: admission plugins; 3-resources: a terminating namespace
// rejects new objects): immortal namespaces cannot be deleted, nothing is created in a namespace that
// is terminating, and nothing is written into one that does not exist. A mutating plugin, as upstream's
// Lifecycle.Admit: it refuses before any mutating webhook is called.
import { StatusError, forbidden, notFound } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';

/** Namespaces that may never be deleted (upstream's immortal set). */
export const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

export function namespaceLifecycle(getNamespace: (name: string) => Promise<Readonly<KubeObject> | undefined>): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    handles: (a) => a.operation !== 'CONNECT',
    async admit(a) {
      const isNamespace = a.def.group === '' && a.def.kind === 'Namespace';
      if (isNamespace) {
        if (a.operation === 'DELETE' && IMMORTAL_NAMESPACES.has(a.name))
          throw forbidden(`namespaces "${a.name}" is forbidden: this namespace may not be deleted`, { name: a.name, kind: 'namespaces' });
        return;
      }
      if (!a.def.namespaced || !a.namespace || a.operation === 'DELETE') return;
      // upstream isAccessReview: answering about a namespace that does not exist would tell whether it does.
      if (a.def.group === 'authorization.k8s.io' && a.def.resource === 'localsubjectaccessreviews') return;
      const namespace = await getNamespace(a.namespace);
      if (!namespace) throw notFound({ group: '', resource: 'namespaces' }, a.namespace);
      const terminating = (namespace['status'] as { phase?: string } | undefined)?.phase === 'Terminating';
      if (a.operation === 'CREATE' && terminating) throw terminatingError(a);
    },
  };
}

/** upstream: NewForbidden of the request (its name, else the object's name or generateName) with the NamespaceTerminating cause. */
function terminatingError(a: AdmissionAttributes): StatusError {
  const error = admissionForbidden(a, `unable to create new content in namespace ${a.namespace} because it is being terminated`);
  error.status.details = { ...error.status.details, causes: [{ reason: 'NamespaceTerminating', message: `namespace ${a.namespace} is being terminated`, field: 'metadata.namespace' }] };
  return error;
}
