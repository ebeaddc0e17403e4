// Admission contract (2-access-control: admission plugins). Mutating plugins run first, then validating
// ones; each sees the object after the kind's strategy. Plugins live in `plugins/`, one per file.
import type { DeleteOptions, KubeObject } from '../apis/meta/v1/types.js';
import type { AuditAnnotator, WriteOptions } from '../registry/store/types.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { UserInfo } from '../auth/user-info.js';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface AdmissionAttributes {
  operation: AdmissionOperation;
  def: ResourceDefinition;
  namespace: string;
  name: string;
  subresource: string;
  /** The new object (CREATE, UPDATE), or the connect options (CONNECT: a PodExecOptions); mutating plugins may change it in place. */
  object?: KubeObject;
  /** The current object (UPDATE, DELETE). */
  oldObject?: Readonly<KubeObject>;
  dryRun: boolean;
  user?: UserInfo;
  /** The response's Warning headers: a plugin adds its warnings here (upstream warning.AddWarning). */
  warnings?: string[];
  /** When the request's time runs out (epoch ms; upstream's context deadline): webhooks are not called past it. */
  deadline?: number;
  /** The request's audit annotations, present only when the request is audited (upstream AddAnnotation). */
  auditAnnotations?: AuditAnnotator;
  /**
   * The request's options (upstream GetOperationOptions), as webhooks are sent them: the write's options for
   * CREATE (CreateOptions) and UPDATE (UpdateOptions), DeleteOptions for DELETE.
   */
  options?: Readonly<WriteOptions> | Readonly<DeleteOptions>;
  /** The mutating phase's second round, made by a plugin that asks for it (webhooks under `reinvocationPolicy: IfNeeded`). */
  reinvocation?: Reinvocation;
}

/**
 * upstream admission.ReinvocationContext: a mutating plugin that changed the object after one that wants to
 * see later changes asks for a second round (`shouldReinvoke`); the chain then runs every mutating plugin once
 * more with `isReinvoke` set. `values` keeps each plugin's state between the rounds, by plugin name.
 */
export class Reinvocation {
  shouldReinvoke = false;
  isReinvoke = false;
  readonly values = new Map<string, unknown>();
}

export interface AdmissionPlugin {
  readonly name: string;
  /**
   * Whether CONNECT requests (exec, attach, port-forward, proxy) reach the plugin (upstream's Handles(Connect)):
   * in 1.25 only the webhook plugins and AlwaysDeny take them; the others never see one.
   */
  readonly connect?: boolean;
  /**
   * Whether the plugin has anything to do for a request (upstream's Handles, by resource too): the chain calls
   * neither phase otherwise, so an async plugin costs no promise for the writes it leaves alone.
   */
  handles?(attributes: AdmissionAttributes): boolean;
  /** Mutating phase. */
  admit?(attributes: AdmissionAttributes): Promise<void> | void;
  /** Validating phase: throw a StatusError to reject. */
  validate?(attributes: AdmissionAttributes): Promise<void> | void;
}
