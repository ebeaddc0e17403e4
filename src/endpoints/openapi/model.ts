// What both OpenAPI versions are built from: the definitions (kinds, their lists, the meta types)
// with their group-version-kind markers, and the paths grouped by the `/openapi/v3` document they
// belong to (`api`, `api/v1`, `apis`, `apis/<group>`, `apis/<group>/<version>`, `version`).
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { JsonSchema } from '../../schema/schema-utils.js';
import { ListMetaSchema } from '../../apis/meta/v1/object-meta.js';
import { META_DEFINITIONS, PER_GROUP_VERSION_KINDS } from './meta-definitions.js';
import { groupVersionDocumentKey } from './naming.js';
import { type PathItem, type StrategicMergeSupport, builtInsSupportStrategicMerge, discoveryOperation, resourcePaths } from './operations.js';
import { DefinitionSet, type Flavor, type Json, type JsonObject } from './schema-emit.js';

/** What the documents need besides the definitions. */
export interface OpenApiOptions {
  /** `info.version` of the documents (upstream: the server's git version). */
  version: string;
  /** Which resources accept strategic merge patch (default: the built-in `io.k8s.` kinds). */
  strategicMerge?: StrategicMergeSupport;
  /** The ServerSideApply gate (default on): off, PATCH does not consume `application/apply-patch+yaml`, as upstream's routes. */
  applyPatch?: boolean;
}

/** Definitions and per-document paths, before rendering. */
export interface OpenApiModel {
  definitions: DefinitionSet;
  /** Paths by `/openapi/v3` document key, each list sorted by path. */
  documents: Map<string, PathItem[]>;
}

interface Gvk {
  group: string;
  kind: string;
  version: string;
}

/** Builds the definitions (in `flavor`) and the paths of every served resource. */
export function buildModel(defs: readonly ResourceDefinition[], flavor: Flavor, options: OpenApiOptions): OpenApiModel {
  const definitions = new DefinitionSet(flavor);
  const gvks = new Map<string, Gvk[]>();
  const mark = (name: string, gvk: Gvk): void => {
    gvks.set(name, [...(gvks.get(name) ?? []), gvk]);
  };
  for (const def of defs) {
    definitions.define(def.definitionName, def.schema as JsonSchema);
    mark(def.definitionName, { group: def.group, kind: def.kind, version: def.version });
    // A kind that cannot be listed (Binding) has no list definition.
    if (!def.verbs.includes('list')) continue;
    definitions.define(`${def.definitionName}List`, def.listSchema ? (def.listSchema as JsonSchema) : listSchema(def));
    mark(`${def.definitionName}List`, { group: def.group, kind: def.listKind, version: def.version });
  }
  for (const schema of META_DEFINITIONS) definitions.emit(schema as JsonSchema);
  for (const [name, kind] of Object.entries(PER_GROUP_VERSION_KINDS)) {
    for (const gv of groupVersions(defs)) mark(name, { group: gv.group, kind, version: gv.version });
  }
  for (const [name, list] of gvks) addGroupVersionKinds(definitions.definitions.get(name), list);
  return { definitions, documents: groupPaths(defs, options.strategicMerge ?? builtInsSupportStrategicMerge, options.applyPatch ?? true) };
}

/** The list kind of a resource: apiVersion, items (required), kind, metadata (ListMeta). */
function listSchema(def: ResourceDefinition): JsonSchema {
  return {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      items: { type: 'array', items: { $ref: def.definitionName } },
      kind: { type: 'string' },
      metadata: ListMetaSchema,
    },
    required: ['items'],
  };
}

/** Every served group-version, core v1 always included (DeleteOptions and WatchEvent list them all). */
function groupVersions(defs: readonly ResourceDefinition[]): { group: string; version: string }[] {
  const seen = new Map<string, { group: string; version: string }>([['/v1', { group: '', version: 'v1' }]]);
  for (const def of defs) seen.set(`${def.group}/${def.version}`, { group: def.group, version: def.version });
  return [...seen.values()];
}

/** Merges `extra` into a definition's `x-kubernetes-group-version-kind`, unique and sorted. */
function addGroupVersionKinds(definition: JsonObject | undefined, extra: Gvk[]): void {
  if (!definition) return;
  const existing = definition['x-kubernetes-group-version-kind'];
  const all = new Map<string, Gvk>();
  for (const item of [...(Array.isArray(existing) ? existing : []), ...extra]) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const { group, kind, version } = item as Record<string, Json>;
    if (typeof group === 'string' && typeof kind === 'string' && typeof version === 'string') {
      all.set(`${group}/${version}/${kind}`, { group, kind, version });
    }
  }
  const sorted = [...all.values()].sort((a, b) => compare(a.group, b.group) || compare(a.version, b.version) || compare(a.kind, b.kind));
  definition['x-kubernetes-group-version-kind'] = sorted.map((gvk) => ({ group: gvk.group, kind: gvk.kind, version: gvk.version }));
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Paths per document: resources under their group-version, plus the discovery operations. */
function groupPaths(defs: readonly ResourceDefinition[], strategicMerge: StrategicMergeSupport, applyPatch: boolean): Map<string, PathItem[]> {
  const documents = new Map<string, PathItem[]>();
  const add = (key: string, items: PathItem[]): void => {
    documents.set(key, [...(documents.get(key) ?? []), ...items]);
  };
  add('api', [discoveryOperation('api')]);
  add('apis', [discoveryOperation('apis')]);
  add('version', [discoveryOperation('version')]);
  for (const def of defs) {
    const key = groupVersionDocumentKey(def.group, def.version);
    if (!documents.has(key)) {
      add(key, [discoveryOperation('resources', def.group, def.version)]);
      if (def.group !== '' && !documents.has(`apis/${def.group}`)) add(`apis/${def.group}`, [discoveryOperation('group', def.group)]);
    }
    add(key, resourcePaths(def, strategicMerge, applyPatch));
  }
  for (const items of documents.values()) items.sort((a, b) => compare(a.path, b.path));
  return documents;
}
