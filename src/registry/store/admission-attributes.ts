// The admission attributes of a store write: the operation and the objects, and what the request carries through its
// write options (dry run, user, warnings, audit annotations, deadline). One place, so that what a request carries
// reaches every operation alike.
import type { AdmissionAttributes, AdmissionOperation } from '../../admission/types.js';
import type { DeleteOptions, KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../resource-definition.js';
import type { WriteOptions } from './types.js';

/** What is written: where, and the new and old objects (a CONNECT's options as the object). */
export interface AdmissionTarget {
  namespace: string;
  name: string;
  subresource: string;
  object?: KubeObject;
  oldObject?: Readonly<KubeObject>;
}

/**
 * The attributes of `operation` on `target`; `options` are the operation's own as webhooks are sent them
 * (the write's for CREATE and UPDATE, DeleteOptions for DELETE, none for CONNECT).
 */
export function writeAttributes(
  operation: AdmissionOperation,
  def: ResourceDefinition,
  target: AdmissionTarget,
  write: Pick<WriteOptions, 'dryRun' | 'user' | 'warnings' | 'auditAnnotations' | 'deadline'>,
  options?: Readonly<WriteOptions> | Readonly<DeleteOptions>,
): AdmissionAttributes {
  return {
    operation, def, namespace: target.namespace, name: target.name, subresource: target.subresource, object: target.object, oldObject: target.oldObject,
    dryRun: write.dryRun, user: write.user, warnings: write.warnings, auditAnnotations: write.auditAnnotations, deadline: write.deadline, options,
  };
}
