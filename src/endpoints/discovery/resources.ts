// The per-resource facts both discovery formats publish: verbs, subresources and their verbs,
// scope, and the storage version hash (upstream discovery.StorageVersionHash).
import { createHash } from 'node:crypto';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { subresourceKind } from '../../registry/subresource.js';
import type { GroupVersionKind } from '../../apis/meta/v1/object-meta.js';

/** One served subresource, its verbs (`status`: get/patch/update; `finalize`: update) and its kind. */
export interface SubresourceFacts {
  name: string;
  verbs: string[];
  kind: GroupVersionKind;
}

/** The resource's verbs, sorted as upstream lists them. */
export function sortedVerbs(def: ResourceDefinition): string[] {
  return [...def.verbs].sort();
}

/** The served subresources with their verbs, by name. */
export function subresourceFacts(def: ResourceDefinition): SubresourceFacts[] {
  const parent = { group: def.group, version: def.version, kind: def.kind };
  return (def.subresources ?? [])
    .map((sub) => ({ name: sub.name, verbs: [...sub.verbs].sort(), kind: subresourceKind(sub, parent) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The storage key segment a definition is stored under (`events` for both Event kinds). */
function storageKey(def: ResourceDefinition): string {
  return def.storage?.resourcePath ?? (def.group ? `${def.group}/${def.resource}` : def.resource);
}

/**
 * Upstream StorageVersionHash: base64 of the first 8 bytes of sha256(`<group>/<version>/<kind>`) of
 * the version objects are stored in. A converted definition (events.k8s.io/v1 Event) is stored as
 * the unconverted definition sharing its storage key (core v1 Event).
 */
export function storageVersionHash(def: ResourceDefinition, all: readonly ResourceDefinition[]): string {
  let stored = def;
  if (def.storage?.conversion) {
    stored = all.find((other) => !other.storage?.conversion && storageKey(other) === storageKey(def)) ?? def;
  }
  const digest = createHash('sha256').update(`${stored.group}/${stored.version}/${stored.kind}`).digest();
  return digest.subarray(0, 8).toString('base64');
}

/** Definitions of one group-version, sorted by resource name. */
export function resourcesOf(defs: readonly ResourceDefinition[], group: string, version: string): ResourceDefinition[] {
  return defs
    .filter((def) => def.group === group && def.version === version)
    .sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0));
}
