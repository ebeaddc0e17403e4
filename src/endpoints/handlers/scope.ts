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
}
