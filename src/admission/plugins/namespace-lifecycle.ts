// NamespaceLifecycle (2-access-control: admission plugins; 3-resources: a terminating namespace
// rejects new objects): immortal namespaces cannot be deleted, nothing is created in a namespace that
// is terminating, and nothing is written into one that does not exist.
import { StatusError, forbidden, notFound, qualifiedResource } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { AdmissionPlugin } from '../types.js';

/** Namespaces that may never be deleted (upstream's immortal set). */
export const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

export function namespaceLifecycle(getNamespace: (name: string) => Promise<Readonly<KubeObject> | undefined>): AdmissionPlugin {
  return {
    name: 'NamespaceLifecycle',
    async validate(a) {
      const isNamespace = a.def.group === '' && a.def.kind === 'Namespace';
      if (isNamespace) {
        if (a.operation === 'DELETE' && IMMORTAL_NAMESPACES.has(a.name))
          throw forbidden(`namespaces "${a.name}" is forbidden: this namespace may not be deleted`, { name: a.name, kind: 'namespaces' });
        return;
      }
      if (!a.def.namespaced || !a.namespace || a.operation === 'DELETE') return;
      const namespace = await getNamespace(a.namespace);
      if (!namespace) throw notFound({ group: '', resource: 'namespaces' }, a.namespace);
      const terminating = (namespace['status'] as { phase?: string } | undefined)?.phase === 'Terminating';
      if (a.operation === 'CREATE' && terminating) throw terminatingError(a.def.group, a.def.resource, a.name, a.namespace);
    },
  };
}

function terminatingError(group: string, resource: string, name: string, namespace: string): StatusError {
  const why = `unable to create new content in namespace ${namespace} because it is being terminated`;
  return new StatusError(403, 'Forbidden', `${qualifiedResource({ group, resource })} "${name}" is forbidden: ${why}`, {
    name,
    group,
    kind: resource,
    causes: [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }],
  });
}
