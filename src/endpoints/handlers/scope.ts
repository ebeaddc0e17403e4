// What a verb handler works with: the definition, its store, and the parsed request.
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { Store } from '../../registry/store/index.js';
import type { ResourceRequestInfo } from '../request-info.js';

export interface ResourceScope {
  def: ResourceDefinition;
  store: Store;
  info: ResourceRequestInfo;
  /** Namespace of the request ('' for cluster-scoped kinds and all-namespace collections). */
  namespace: string;
  /** What the feature gates decide of request handling. */
  features: RequestFeatures;
}

/** The feature gates the verb handlers read, resolved at start. */
export interface RequestFeatures {
  /** APIListChunking: when off, lists ignore `limit` and `continue` (the storage and watch cache do not page). */
  readonly listChunking: boolean;
  /** ServerSideFieldValidation: when off, `fieldValidation` is Ignore whatever the request asks. */
  readonly fieldValidation: boolean;
  /**
   * ServerSideApply: when off, PATCH does not take `application/apply-patch+yaml` (415, as upstream's
   * installer leaves it out of the supported patch types). The stores, not the handlers, leave
   * managedFields alone then (StoreDeps.serverSideApply).
   */
  readonly serverSideApply: boolean;
}

/** The gates at their 1.25 defaults. */
export const DEFAULT_REQUEST_FEATURES: RequestFeatures = { listChunking: true, fieldValidation: true, serverSideApply: true };
