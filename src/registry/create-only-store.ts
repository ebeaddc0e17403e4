// The store of a kind that is only ever created and never kept (the reviews: TokenReview, the access
// reviews): create computes the answer; every other verb is refused (the router serves only `create`).
import type { KubeObject } from '../apis/meta/v1/types.js';
import { methodNotAllowed } from '../errors/status-error.js';
import type { ResourceDefinition } from './resource-definition.js';
import type { Store, WriteOptions } from './store/index.js';

const refuse = (): never => {
  throw methodNotAllowed();
};

/** A store whose create answers `obj` (in the request's namespace) with `answer`'s object. */
export function createOnlyStore(def: ResourceDefinition, answer: (namespace: string, obj: KubeObject, options: WriteOptions) => Promise<KubeObject> | KubeObject): Store {
  return {
    def,
    groupResource: { group: def.group, resource: def.resource },
    async create(namespace, obj, options) {
      return { object: await answer(namespace, obj, options) };
    },
    get: refuse,
    list: refuse,
    watch: refuse,
    update: refuse,
    delete: refuse,
    deleteCollection: refuse,
  };
}
