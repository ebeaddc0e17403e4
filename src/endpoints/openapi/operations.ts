// The REST operations of each served resource, in a form neutral to the OpenAPI version: the
// paths, verbs, parameters, bodies and responses upstream's installer publishes for a 1.25
// resource (1-conventions "Endpoints"; 3-resources "Common rules").
import type { ResourceDefinition, Verb } from '../../registry/resource-definition.js';
import type { ConnectSubresource } from '../../registry/subresource.js';
import { API_GROUP, API_GROUP_LIST, API_RESOURCE_LIST, API_VERSIONS, DELETE_OPTIONS, PATCH, STATUS, VERSION_INFO, WATCH_EVENT } from './meta-definitions.js';
import { groupVersionPrefix, groupVersionTag, operationId } from './naming.js';

/** A query or path parameter (bodies are described on the operation). */
export interface Parameter {
  name: string;
  in: 'query' | 'path';
  type: 'string' | 'boolean' | 'integer';
  required?: boolean;
}

/** One operation of a path, independent of the OpenAPI version. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  operationId: string;
  tag: string;
  /** `x-kubernetes-action`; absent on discovery operations. */
  action?: string;
  gvk?: { group: string; version: string; kind: string };
  parameters: Parameter[];
  /** Request body: the definition it carries. Patch bodies list the accepted patch types. */
  body?: { definition: string; required: boolean; patchTypes?: string[] };
  responses: { code: string; definition?: string }[];
  consumes: string[];
  produces: string[];
}

/** A path and its operations. */
export interface PathItem {
  path: string;
  operations: Operation[];
}

const query = (name: string, type: Parameter['type'] = 'string'): Parameter => ({ name, in: 'query', type });
const pathParam = (name: string): Parameter => ({ name, in: 'path', type: 'string', required: true });

const PRETTY = query('pretty');
const LIST_PARAMETERS = [
  query('allowWatchBookmarks', 'boolean'),
  query('continue'),
  query('fieldSelector'),
  query('labelSelector'),
  query('limit', 'integer'),
  query('resourceVersion'),
  query('resourceVersionMatch'),
  query('timeoutSeconds', 'integer'),
  query('watch', 'boolean'),
];
const WRITE_PARAMETERS = [query('dryRun'), query('fieldManager'), query('fieldValidation')];
const PATCH_PARAMETERS = [...WRITE_PARAMETERS, query('force', 'boolean')];
const DELETE_PARAMETERS = [query('dryRun'), query('gracePeriodSeconds', 'integer'), query('orphanDependents', 'boolean'), query('propagationPolicy')];
const DELETE_COLLECTION_PARAMETERS = [
  ...DELETE_PARAMETERS,
  ...LIST_PARAMETERS.filter((p) => p.name !== 'allowWatchBookmarks' && p.name !== 'watch'),
];

/** The media types objects are served in. */
export const OBJECT_MEDIA_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
const WATCH_MEDIA_TYPES = [...OBJECT_MEDIA_TYPES, 'application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch'];
const APPLY_PATCH = 'application/apply-patch+yaml';
const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', APPLY_PATCH];

/** Whether a resource accepts strategic merge patch (built-ins do, custom resources do not). */
export type StrategicMergeSupport = (def: ResourceDefinition) => boolean;

/** Upstream serves strategic merge patch for compiled-in kinds only; theirs are the `io.k8s.` definitions. */
export const builtInsSupportStrategicMerge: StrategicMergeSupport = (def) => def.definitionName.startsWith('io.k8s.');

/** Everything one resource definition contributes: its paths and operations. */
export function resourcePaths(def: ResourceDefinition, strategicMerge: StrategicMergeSupport, applyPatch = true): PathItem[] {
  const ctx = new ResourceContext(def, strategicMerge(def), applyPatch);
  const paths: PathItem[] = [];
  const add = (path: string, operations: (Operation | undefined)[]): void => {
    const present = operations.filter((op): op is Operation => op !== undefined);
    if (present.length > 0) paths.push({ path, operations: present });
  };
  const base = groupVersionPrefix(def.group, def.version);
  const scope = def.namespaced ? `${base}/namespaces/{namespace}` : base;
  const collection = `${scope}/${def.resource}`;
  const item = `${collection}/{name}`;
  add(collection, [ctx.list(''), ctx.create(), ctx.deleteCollection()]);
  add(item, [ctx.read(''), ctx.replace(''), ctx.patch(''), ctx.delete()]);
  for (const sub of def.subresources ?? []) {
    const suffix = sub.name.charAt(0).toUpperCase() + sub.name.slice(1);
    // A subresource's operations are the parent's, restricted to its verbs and typed with its kind (Scale, Binding).
    const view = { ...def, verbs: sub.verbs as readonly Verb[], ...(sub.type === 'view' ? { definitionName: sub.definitionName } : {}) };
    // Their x-kubernetes-group-version-kind names that kind too (upstream: `autoscaling/v1 Scale`, `policy/v1 Eviction`).
    const subCtx = new ResourceContext(view, strategicMerge(def), applyPatch, sub.type === 'view' ? sub.kind : undefined);
    if (sub.type === 'connect') {
      add(`${item}/${sub.name}`, connectMethods(sub).map((method) => subCtx.connect(sub, method, suffix, false)));
      if (sub.acceptsPath) add(`${item}/${sub.name}/{path}`, connectMethods(sub).map((method) => subCtx.connect(sub, method, suffix, true)));
    } else add(`${item}/${sub.name}`, [subCtx.read(suffix), subCtx.create(suffix), subCtx.replace(suffix), subCtx.patch(suffix)]);
  }
  add(`${base}/watch${scope.slice(base.length)}/${def.resource}`, [ctx.watch(true, false)]);
  add(`${base}/watch${scope.slice(base.length)}/${def.resource}/{name}`, [ctx.watch(false, false)]);
  if (def.namespaced) {
    add(`${base}/${def.resource}`, [ctx.list('ForAllNamespaces')]);
    add(`${base}/watch/${def.resource}`, [ctx.watch(true, true)]);
  }
  return paths;
}

const CONNECT_METHODS: Readonly<Record<string, Operation['method']>> = { get: 'get', create: 'post', update: 'put', patch: 'patch', delete: 'delete' };

/** The HTTP methods of a connect subresource: those of its verbs, and HEAD and OPTIONS for proxies. */
function connectMethods(sub: ConnectSubresource): Operation['method'][] {
  const methods = sub.verbs.map((verb) => CONNECT_METHODS[verb] ?? 'get');
  return sub.acceptsPath ? [...methods, 'head', 'options'] : methods;
}

/** Builds the operations of one resource; each returns undefined when the verb is not served. */
class ResourceContext {
  private readonly verbs: ReadonlySet<Verb>;
  private readonly scoped: string;
  private readonly pathParameters: Parameter[];
  constructor(
    private readonly def: ResourceDefinition,
    private readonly strategicMerge: boolean,
    private readonly applyPatch: boolean,
    /** The kind the operations read and write, when not the resource's own (a view subresource's). */
    private readonly kind?: { group: string; version: string; kind: string },
  ) {
    this.verbs = new Set(def.verbs);
    this.scoped = (def.namespaced ? 'Namespaced' : '') + def.kind;
    this.pathParameters = def.namespaced ? [pathParam('namespace')] : [];
  }

  private op(method: Operation['method'], verb: string, rest: string, action: string, extra: Partial<Operation>): Operation {
    const { group, version, kind } = this.def;
    return {
      method,
      operationId: operationId(verb, group, version, rest),
      tag: groupVersionTag(group, version),
      action,
      gvk: this.kind ? { group: this.kind.group, version: this.kind.version, kind: this.kind.kind } : { group, version, kind },
      parameters: [...this.pathParameters, PRETTY, ...(extra.parameters ?? [])],
      responses: extra.responses ?? [],
      consumes: extra.consumes ?? ['*/*'],
      produces: extra.produces ?? OBJECT_MEDIA_TYPES,
      ...(extra.body ? { body: extra.body } : {}),
    };
  }

  private readonly withName = (parameters: Parameter[]): Parameter[] => [pathParam('name'), ...parameters];

  list(suffix: '' | 'ForAllNamespaces'): Operation | undefined {
    if (!this.verbs.has('list')) return undefined;
    const rest = suffix === '' ? this.scoped : `${this.def.kind}ForAllNamespaces`;
    const op = this.op('get', 'list', rest, 'list', {
      parameters: LIST_PARAMETERS,
      responses: [{ code: '200', definition: `${this.def.definitionName}List` }, { code: '401' }],
      produces: WATCH_MEDIA_TYPES,
    });
    // Across all namespaces there is no namespace path parameter.
    if (suffix !== '') op.parameters = op.parameters.filter((p) => p.name !== 'namespace');
    return op;
  }

  /** POST on the collection, or (with a suffix) on one object's subresource (binding, eviction, token). */
  create(suffix = ''): Operation | undefined {
    if (!this.verbs.has('create')) return undefined;
    return this.op('post', 'create', this.scoped + suffix, 'post', {
      parameters: suffix ? this.withName(WRITE_PARAMETERS) : WRITE_PARAMETERS,
      body: { definition: this.def.definitionName, required: true },
      responses: [...['200', '201', '202'].map((code) => ({ code, definition: this.def.definitionName })), { code: '401' }],
    });
  }

  deleteCollection(): Operation | undefined {
    if (!this.verbs.has('deletecollection')) return undefined;
    return this.op('delete', 'delete', `Collection${this.scoped}`, 'deletecollection', {
      parameters: DELETE_COLLECTION_PARAMETERS,
      body: { definition: DELETE_OPTIONS, required: false },
      responses: [{ code: '200', definition: STATUS }, { code: '401' }],
    });
  }

  read(suffix: string): Operation | undefined {
    if (!this.verbs.has('get')) return undefined;
    return this.op('get', 'read', this.scoped + suffix, 'get', {
      parameters: this.withName([]),
      responses: [{ code: '200', definition: this.def.definitionName }, { code: '401' }],
    });
  }

  replace(suffix: string): Operation | undefined {
    if (!this.verbs.has('update')) return undefined;
    return this.op('put', 'replace', this.scoped + suffix, 'put', {
      parameters: this.withName(WRITE_PARAMETERS),
      body: { definition: this.def.definitionName, required: true },
      responses: [{ code: '200', definition: this.def.definitionName }, { code: '201', definition: this.def.definitionName }, { code: '401' }],
    });
  }

  patch(suffix: string): Operation | undefined {
    if (!this.verbs.has('patch')) return undefined;
    // upstream's installer lists the apply type only with ServerSideApply on.
    const patchTypes = PATCH_TYPES.filter((t) => (this.strategicMerge || !t.includes('strategic')) && (this.applyPatch || t !== APPLY_PATCH));
    return this.op('patch', 'patch', this.scoped + suffix, 'patch', {
      parameters: this.withName(PATCH_PARAMETERS),
      body: { definition: PATCH, required: true, patchTypes },
      responses: [{ code: '200', definition: this.def.definitionName }, { code: '201', definition: this.def.definitionName }, { code: '401' }],
      consumes: patchTypes,
    });
  }

  delete(): Operation | undefined {
    if (!this.verbs.has('delete')) return undefined;
    const returned = this.def.deleteReturnsObject ? this.def.definitionName : STATUS;
    return this.op('delete', 'delete', this.scoped, 'delete', {
      parameters: this.withName(DELETE_PARAMETERS),
      body: { definition: DELETE_OPTIONS, required: false },
      responses: [{ code: '200', definition: returned }, { code: '202', definition: returned }, { code: '401' }],
    });
  }

  /**
   * A connect operation (exec, attach, portforward, proxy): `connect<Group><Version><Method>...` with the
   * options kind's query parameters and no `pretty`; `<path>` variants end in `WithPath`. Log is a read
   * with options (`read...Log`, action get, `pretty` included).
   */
  connect(sub: ConnectSubresource, method: Operation['method'], suffix: string, withPath: boolean): Operation {
    const options = (sub.parameters ?? []).map((p) => query(p.name, p.type));
    const gvk = { group: sub.kind.group, version: sub.kind.version, kind: sub.kind.kind };
    if (sub.read) {
      const read = this.op('get', 'read', this.scoped + suffix, 'get', { parameters: this.withName(options), responses: [{ code: '200' }, { code: '401' }], produces: ['text/plain', 'application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'] });
      return { ...read, gvk };
    }
    const word = method.charAt(0).toUpperCase() + method.slice(1);
    const { group, version } = this.def;
    const parameters = [...this.pathParameters, ...this.withName(options), ...(withPath ? [pathParam('path')] : [])];
    return {
      method,
      operationId: operationId('connect', group, version, `${word}${this.scoped}${suffix}${withPath ? 'WithPath' : ''}`),
      tag: groupVersionTag(group, version),
      action: 'connect',
      gvk,
      parameters,
      responses: [{ code: '200' }, { code: '401' }],
      consumes: ['*/*'],
      produces: ['*/*'],
    };
  }

  /** The deprecated `/watch/` paths: a collection (`...List`) or one object. */
  watch(collection: boolean, allNamespaces: boolean): Operation | undefined {
    if (!this.verbs.has('watch')) return undefined;
    const rest = allNamespaces ? `${this.def.kind}ListForAllNamespaces` : `${this.scoped}${collection ? 'List' : ''}`;
    const op = this.op('get', 'watch', rest, collection ? 'watchlist' : 'watch', {
      parameters: collection ? LIST_PARAMETERS : this.withName(LIST_PARAMETERS),
      responses: [{ code: '200', definition: WATCH_EVENT }, { code: '401' }],
      produces: WATCH_MEDIA_TYPES,
    });
    if (allNamespaces) op.parameters = op.parameters.filter((p) => p.name !== 'namespace');
    return op;
  }
}

/** The discovery operations: `/api/`, `/api/v1/`, `/apis/`, `/apis/<g>/`, `/apis/<g>/<v>/`, `/version/`. */
export function discoveryOperation(kind: 'api' | 'apis' | 'group' | 'resources' | 'version', group = '', version = ''): PathItem {
  const op = (path: string, id: string, tag: string, definition: string, media = OBJECT_MEDIA_TYPES): PathItem => ({
    path,
    operations: [{ method: 'get', operationId: id, tag, parameters: [], responses: [{ code: '200', definition }, { code: '401' }], consumes: media, produces: media }],
  });
  switch (kind) {
    case 'api':
      return op('/api/', 'getCoreAPIVersions', 'core', API_VERSIONS);
    case 'apis':
      return op('/apis/', 'getAPIVersions', 'apis', API_GROUP_LIST);
    case 'group':
      return op(`/apis/${group}/`, operationId('get', group, undefined, 'APIGroup'), groupVersionTag(group), API_GROUP);
    case 'resources':
      return op(`${groupVersionPrefix(group, version)}/`, operationId('get', group, version, 'APIResources'), groupVersionTag(group, version), API_RESOURCE_LIST);
    case 'version':
      return op('/version/', 'getCodeVersion', 'version', VERSION_INFO, ['application/json']);
  }
}
