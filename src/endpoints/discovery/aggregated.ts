// Aggregated discovery (apidiscovery.k8s.io v2 and v2beta1, same shape): all groups, versions and
// resources in one document per root (`/api`, `/apis`), so a client discovers everything in two
// requests instead of one per group-version. Upstream 1.25 did not serve it; kubectl 1.32 asks for
// it first and falls back to legacy discovery, so serving it only saves round trips.
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { type GroupPriorities, sortGroups, sortVersions } from './group-order.js';
import { resourcesOf, sortedVerbs, subresourceFacts } from './resources.js';

/** The media types a client asks for (`Accept`) and the server answers with (`Content-Type`). */
export const AGGREGATED_DISCOVERY_V2 = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
/** The v2beta1 form (kubectl 1.26-1.29 ask for it; 1.32 lists it second). */
export const AGGREGATED_DISCOVERY_V2BETA1 = 'application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList';

/** The apidiscovery.k8s.io versions served (same document shape). */
export type AggregatedVersion = 'v2' | 'v2beta1';

/** A response kind as aggregated discovery spells it. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** One subresource of a resource (`status`, `finalize`) with its verbs. */
export interface APISubresourceDiscovery {
  subresource: string;
  responseKind: GroupVersionKind;
  verbs: string[];
}

/** One resource of a group-version. */
export interface APIResourceDiscovery {
  resource: string;
  responseKind: GroupVersionKind;
  scope: 'Namespaced' | 'Cluster';
  singularResource: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  subresources?: APISubresourceDiscovery[];
}

/** One version of a group with all its resources. */
export interface APIVersionDiscovery {
  version: string;
  resources: APIResourceDiscovery[];
  freshness: 'Current';
}

/** One group with its versions, preferred first. */
export interface APIGroupDiscovery {
  /** Upstream's ObjectMeta: a zero creationTimestamp encodes as null. */
  metadata: { name?: string; creationTimestamp: null };
  versions: APIVersionDiscovery[];
}

/** The document of `/api` or `/apis` in aggregated form. */
export interface APIGroupDiscoveryList {
  kind: 'APIGroupDiscoveryList';
  apiVersion: `apidiscovery.k8s.io/${AggregatedVersion}`;
  metadata: Record<string, never>;
  items: APIGroupDiscovery[];
}

function resourceDiscovery(def: ResourceDefinition): APIResourceDiscovery {
  const responseKind = { group: def.group, version: def.version, kind: def.kind };
  const out: APIResourceDiscovery = {
    resource: def.resource,
    responseKind,
    scope: def.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: def.singular,
    verbs: sortedVerbs(def),
  };
  if (def.shortNames?.length) out.shortNames = [...def.shortNames];
  if (def.categories?.length) out.categories = [...def.categories];
  const subresources = subresourceFacts(def).map((sub) => ({ subresource: sub.name, responseKind: { ...sub.kind }, verbs: sub.verbs }));
  if (subresources.length > 0) out.subresources = subresources;
  return out;
}

function groupDiscovery(defs: readonly ResourceDefinition[], group: string, priorities: GroupPriorities): APIGroupDiscovery {
  const versions = sortVersions(group, defs.filter((def) => def.group === group).map((def) => def.version), priorities);
  return {
    metadata: group === '' ? { creationTimestamp: null } : { name: group, creationTimestamp: null },
    versions: versions.map((version) => ({ version, resources: resourcesOf(defs, group, version).map(resourceDiscovery), freshness: 'Current' })),
  };
}

/**
 * The aggregated document of `/api` (`root` 'api': the core group) or `/apis` (every named group,
 * in legacy discovery order).
 */
export function buildAggregatedDiscovery(
  defs: readonly ResourceDefinition[],
  root: 'api' | 'apis',
  version: AggregatedVersion,
  priorities: GroupPriorities = {},
): APIGroupDiscoveryList {
  const groups = root === 'api' ? (defs.some((def) => def.group === '') ? [''] : []) : sortGroups(defs.map((def) => def.group).filter((group) => group !== ''), priorities);
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: `apidiscovery.k8s.io/${version}`,
    metadata: {},
    items: groups.map((group) => groupDiscovery(defs, group, priorities)),
  };
}

/**
 * Which discovery document an `Accept` header asks for: the first aggregated form listed (q-values
 * respected), else legacy. Only JSON is served.
 */
export function negotiateDiscovery(accept: string | undefined): AggregatedVersion | 'legacy' {
  const clauses = (accept ?? '')
    .split(',')
    .map((clause, index) => ({ ...parseClause(clause), index }))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const clause of clauses) {
    if (clause.type !== 'application/json') continue;
    const { g, v, as } = clause.params;
    if (g === 'apidiscovery.k8s.io' && as === 'APIGroupDiscoveryList' && (v === 'v2' || v === 'v2beta1')) return v;
  }
  return 'legacy';
}

function parseClause(clause: string): { type: string; params: Record<string, string>; q: number } {
  const [type = '', ...rest] = clause.split(';').map((part) => part.trim());
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq > 0) params[part.slice(0, eq).trim()] = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  const q = params['q'] === undefined ? 1 : Number(params['q']);
  return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 0 };
}

/** The Content-Type of an aggregated discovery response. */
export function aggregatedContentType(version: AggregatedVersion): string {
  return version === 'v2' ? AGGREGATED_DISCOVERY_V2 : AGGREGATED_DISCOVERY_V2BETA1;
}
