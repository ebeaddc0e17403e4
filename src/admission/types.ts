// Admission contract (2-access-control: admission plugins). Mutating plugins run first, then validating
// ones; each sees the object after the kind's strategy. Plugins live in `plugins/`, one per file.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { UserInfo } from '../auth/user-info.js';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE';

export interface AdmissionAttributes {
  operation: AdmissionOperation;
  def: ResourceDefinition;
  namespace: string;
  name: string;
  subresource: string;
  /** The new object (CREATE, UPDATE); mutating plugins may change it in place. */
  object?: KubeObject;
  /** The current object (UPDATE, DELETE). */
  oldObject?: Readonly<KubeObject>;
  dryRun: boolean;
  user?: UserInfo;
  /** The response's Warning headers: a plugin adds its warnings here (upstream warning.AddWarning). */
  warnings?: string[];
}

export interface AdmissionPlugin {
  readonly name: string;
  /** Mutating phase. */
  admit?(attributes: AdmissionAttributes): Promise<void> | void;
  /** Validating phase: throw a StatusError to reject. */
  validate?(attributes: AdmissionAttributes): Promise<void> | void;
}
