// The storage families (upstream storage/etcd3/metrics, 1.25): etcd_request_duration_seconds by operation
// and object type, timed around the calls of whichever backend is in use, and apiserver_storage_list_*,
// the cost of LIST requests served from storage, by resource.
import type { Registry } from 'prom-client';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { StorageListMetrics } from '../registry/store/index.js';
import type { BackendObserver, BackendOperation } from '../storage/instrumented-backend.js';
import { HistogramFamily, SeriesMap, registerFamily, type Histogram, type Sample } from './metric-families.js';
import { DURATION_BUCKETS } from './request-metrics.js';

/** The storage of one resource: its backend timer and its list counters. */
export interface ResourceStorageMetrics {
  observe: BackendObserver;
  lists: StorageListMetrics;
}

interface ListCounts {
  lists: number;
  fetched: number;
  evaluated: number;
  returned: number;
}

/** Internal API packages whose name is not the group's first label. */
const INTERNAL_PACKAGES: Record<string, string> = { '': 'core', 'events.k8s.io': 'core', 'internal.apiserver.k8s.io': 'apiserverinternal' };

/** The Go type upstream names in the `type` label: the internal object (`*core.Pod`) or its items (`*[]core.Pod`). */
export function storedTypeNames(def: Pick<ResourceDefinition, 'group' | 'kind'>): { object: string; list: string } {
  const name = `${INTERNAL_PACKAGES[def.group] ?? def.group.split('.')[0]}.${def.kind}`;
  return { object: `*${name}`, list: `*[]${name}` };
}

/** upstream's GroupResource.String(): `configmaps`, `deployments.apps`. */
export function groupResourceString(def: Pick<ResourceDefinition, 'group' | 'resource'>): string {
  return def.group ? `${def.resource}.${def.group}` : def.resource;
}

export class StorageMetrics {
  // Upstream keeps these buckets equal to apiserver_request_duration_seconds'.
  readonly #durations = new HistogramFamily('etcd_request_duration_seconds', DURATION_BUCKETS);
  readonly #lists = new SeriesMap<ListCounts>(() => ({ lists: 0, fetched: 0, evaluated: 0, returned: 0 }));

  /** The metrics of the storage a definition is stored in; series are found here once, not per call. */
  forResource(def: Pick<ResourceDefinition, 'group' | 'resource' | 'kind'>): ResourceStorageMetrics {
    const types = storedTypeNames(def);
    const histograms = new Map<BackendOperation, Histogram>();
    const histogram = (operation: BackendOperation): Histogram => {
      let found = histograms.get(operation);
      if (!found) {
        const type = operation === 'list' ? types.list : types.object;
        histograms.set(operation, (found = this.#durations.series(`${operation}\u0000${type}`, () => ({ operation, type }))));
      }
      return found;
    };
    const resource = groupResourceString(def);
    const counts = this.#lists.get(resource, () => ({ resource }));
    return {
      observe: (operation, seconds) => histogram(operation).observe(seconds),
      lists: {
        record(fetched, evaluated, returned) {
          counts.lists++;
          counts.fetched += fetched;
          counts.evaluated += evaluated;
          counts.returned += returned;
        },
      },
    };
  }

  registerWith(registry: Registry): void {
    registerFamily(registry, {
      name: 'etcd_request_duration_seconds', type: 'histogram', stability: 'ALPHA',
      help: 'Etcd request latency in seconds for each operation and object type.',
      samples: () => this.#durations.samples(),
    });
    const listFamily = (name: string, help: string, value: (c: ListCounts) => number): void =>
      registerFamily(registry, { name, help, type: 'counter', stability: 'ALPHA', samples: () => this.#listSamples(value) });
    listFamily('apiserver_storage_list_total', 'Number of LIST requests served from storage', (c) => c.lists);
    listFamily('apiserver_storage_list_fetched_objects_total', 'Number of objects read from storage in the course of serving a LIST request', (c) => c.fetched);
    listFamily('apiserver_storage_list_evaluated_objects_total', 'Number of objects tested in the course of serving a LIST request from storage', (c) => c.evaluated);
    listFamily('apiserver_storage_list_returned_objects_total', 'Number of objects returned for a LIST request from storage', (c) => c.returned);
  }

  #listSamples(value: (c: ListCounts) => number): Sample[] {
    // A series appears once its resource served a LIST from storage, as upstream's counters do.
    return this.#lists.entries().filter((e) => e.value.lists > 0).map((e) => ({ labels: e.labels, value: value(e.value) }));
  }
}
