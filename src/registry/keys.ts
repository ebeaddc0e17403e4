// Storage key layout: `<prefix>/<resource path>/[<namespace>/]<name>` (ARCHITECTURE §3).
// The prefix is `/registry` by default (`--etcd-prefix`); a logical-cluster segment can later be
// inserted after it without touching callers.
import type { ResourceDefinition } from './resource-definition.js';

/** Key segment for a kind's storage: `configmaps` for core, `<group>/<resource>` for named groups. */
export function resourcePath(def: Pick<ResourceDefinition, 'group' | 'resource' | 'storage'>): string {
  return def.storage?.resourcePath ?? (def.group ? `${def.group}/${def.resource}` : def.resource);
}

export interface KeyScheme {
  /** Prefix of every key of this resource, ending in '/'. */
  resourcePrefix: string;
  /** Prefix of the keys in one namespace (or all keys for cluster-scoped kinds / no namespace). */
  collectionPrefix(namespace: string): string;
  objectKey(namespace: string, name: string): string;
}

export function keyScheme(storagePrefix: string, path: string, namespaced: boolean): KeyScheme {
  const resourcePrefix = `${storagePrefix.replace(/\/+$/, '')}/${path}/`;
  return {
    resourcePrefix,
    collectionPrefix: (namespace) => (namespaced && namespace ? `${resourcePrefix}${namespace}/` : resourcePrefix),
    objectKey: (namespace, name) => (namespaced ? `${resourcePrefix}${namespace}/${name}` : `${resourcePrefix}${name}`),
  };
}
