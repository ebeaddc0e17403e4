// A client of one resource (client-go's typed and dynamic clients, in the small): the verbs over a
// Transport, answers parsed, failures thrown as the StatusError the server sent, and a watch as an async
// iterable of its events. `update` is client-go's read-modify-write with retry.RetryOnConflict.
import type { DeleteOptions, KubeObject } from '../apis/meta/v1/types.js';
import { StatusError } from '../errors/status-error.js';
import { statusErrorOf } from './status.js';
import type { Transport, TransportRequest } from './transport.js';
import { OMIT_MANAGED_FIELDS_PARAMETER } from '../apis/meta/v1/omit-managed-fields.js';
import { watchEvents, type WatchBatch } from './watch-stream.js';

/** Which resource a client reads and writes. */
export interface ResourceRef {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

export interface ListQuery {
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  /**
   * Objects as PartialObjectMetadata (client-go's metadata client: `metadata` and type meta only), for a
   * follower that reads nothing else; a server without it answers with whole objects, which read the same.
   */
  metadataOnly?: boolean;
  /**
   * Objects without metadata.managedFields, for a follower that never reads them: kplane's loopback leaves
   * them out (apis/meta/v1/omit-managed-fields.ts); any other server sends them, which read the same.
   */
  omitManagedFields?: boolean;
}

export interface ListAnswer {
  items: KubeObject[];
  resourceVersion: string;
}

export interface WriteQuery {
  subresource?: string;
  /** The `fieldManager` query parameter; without it the server names the manager after the user agent. */
  fieldManager?: string;
}

/** client-go's retry.DefaultRetry: 5 attempts, 10 ms apart. */
const CONFLICT_ATTEMPTS = 5;
const CONFLICT_DELAY_MS = 10;

export class ResourceClient {
  readonly #apiVersion: string;

  constructor(private readonly transport: Transport, readonly ref: ResourceRef) {
    this.#apiVersion = ref.group ? `${ref.group}/${ref.version}` : ref.version;
  }

  async get(namespace: string, name: string, query: WriteQuery = {}): Promise<KubeObject> {
    return this.#call('GET', this.#path(namespace, name, query.subresource));
  }

  /** The object, or undefined when the server answers 404. */
  async getIfExists(namespace: string, name: string): Promise<KubeObject | undefined> {
    try {
      return await this.get(namespace, name);
    } catch (error) {
      if (error instanceof StatusError && error.code === 404) return undefined;
      throw error;
    }
  }

  async list(namespace: string, query: ListQuery = {}): Promise<ListAnswer> {
    const { metadataOnly, omitManagedFields, ...rest } = query;
    const list = await this.#call<{ metadata?: { resourceVersion?: string }; items?: KubeObject[] }>('GET', this.#path(namespace) + queryString({ ...rest, ...omitting(omitManagedFields) }), metadataOnly ? { accept: METADATA_LIST_ACCEPT } : {});
    return { items: (list.items ?? []).map((item) => this.#typed(item)), resourceVersion: list.metadata?.resourceVersion ?? '' };
  }

  /** Watches from `resourceVersion` until `signal` aborts or the server ends the watch, in batches of events; an ERROR event throws its Status. */
  async *watch(namespace: string, query: ListQuery & { signal: AbortSignal }): AsyncIterable<WatchBatch> {
    const { signal, metadataOnly, omitManagedFields, ...rest } = query;
    const path = this.#path(namespace) + queryString({ ...rest, ...omitting(omitManagedFields), watch: '1', allowWatchBookmarks: 'true' });
    const stream = await this.transport.stream(path, signal, metadataOnly ? METADATA_ACCEPT : undefined);
    if (stream.status >= 300) throw statusErrorOf(stream.status, await readAll(stream.body));
    yield* watchEvents(stream.body);
  }

  async create(namespace: string, object: KubeObject, query: WriteQuery & { name?: string } = {}): Promise<KubeObject> {
    const path = query.subresource ? this.#path(namespace, query.name, query.subresource) : this.#path(namespace);
    return this.#call('POST', path + managerQuery(query), { body: JSON.stringify(query.subresource ? object : this.#typed(object)) });
  }

  /** PUT of `object` as it is (its resourceVersion is the precondition). */
  async replace(namespace: string, object: KubeObject, query: WriteQuery = {}): Promise<KubeObject> {
    return this.#call('PUT', this.#path(namespace, object.metadata.name, query.subresource) + managerQuery(query), { body: JSON.stringify(this.#typed(object)) });
  }

  /**
   * Reads the object, lets `mutate` change a copy and writes it back, again on a conflict (client-go's
   * RetryOnConflict). `mutate` returning undefined means nothing to change: nothing is written.
   */
  async update(namespace: string, name: string, mutate: (current: KubeObject) => KubeObject | undefined | Promise<KubeObject | undefined>, query: WriteQuery = {}): Promise<KubeObject> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(namespace, name);
      const next = await mutate(structuredClone(current));
      if (next === undefined) return current;
      try {
        return await this.replace(namespace, next, query);
      } catch (error) {
        if (!(error instanceof StatusError && error.reason === 'Conflict') || attempt >= CONFLICT_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, CONFLICT_DELAY_MS));
      }
    }
  }

  async patch(namespace: string, name: string, contentType: string, body: unknown, query: WriteQuery = {}): Promise<KubeObject> {
    return this.#call('PATCH', this.#path(namespace, name, query.subresource) + managerQuery(query), { body: JSON.stringify(body), contentType });
  }

  async delete(namespace: string, name: string, options: DeleteOptions = {}): Promise<void> {
    await this.#call('DELETE', this.#path(namespace, name), { body: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', ...options }) });
  }

  async deleteCollection(namespace: string, query: Omit<ListQuery, 'metadataOnly' | 'omitManagedFields'> = {}, options: DeleteOptions = {}): Promise<void> {
    await this.#call('DELETE', this.#path(namespace) + queryString({ ...query }), { body: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', ...options }) });
  }

  /** Objects of a list answer carry no apiVersion and kind in Go's encoding: written back, they name them. */
  #typed(object: KubeObject): KubeObject {
    return { ...object, apiVersion: object.apiVersion ?? this.#apiVersion, kind: object.kind ?? this.ref.kind };
  }

  #path(namespace: string, name?: string, subresource?: string): string {
    const { group, version, resource, namespaced } = this.ref;
    let path = group ? `/apis/${group}/${version}` : `/api/${version}`;
    if (namespaced && namespace) path += `/namespaces/${encodeURIComponent(namespace)}`;
    path += `/${resource}`;
    if (name !== undefined) path += `/${encodeURIComponent(name)}`;
    if (subresource) path += `/${subresource}`;
    return path;
  }

  async #call<T = KubeObject>(method: string, path: string, options: TransportRequest = {}): Promise<T> {
    const response = await this.transport.request(method, path, options);
    if (response.status >= 300) throw statusErrorOf(response.status, response.body);
    return JSON.parse(response.body) as T;
  }
}

/** client-go's metadata client's Accept headers (without protobuf, which this client does not read). */
const METADATA_LIST_ACCEPT = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';
const METADATA_ACCEPT = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

/** The loopback's private parameter, when asked for. */
function omitting(omitManagedFields: boolean | undefined): Record<string, string> {
  return omitManagedFields ? { [OMIT_MANAGED_FIELDS_PARAMETER]: 'true' } : {};
}

function queryString(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const managerQuery = (query: WriteQuery): string => queryString({ fieldManager: query.fieldManager });

async function readAll(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
