// API Priority and Fairness metrics, as kube-apiserver 1.25 names them (k8s.io/apiserver
// pkg/util/flowcontrol/metrics): requests dispatched, rejected (by reason), waiting and executing per
// FlowSchema and priority level, each level's concurrency limit, and the time requests waited.
import type { Registry } from 'prom-client';
import { CounterFamily, HistogramFamily, registerFamily, SeriesMap, type Sample } from '../server/metric-families.js';
import type { FlowControlConfiguration } from './configuration.js';
import type { RejectReason } from './queue-set.js';

/** upstream's buckets of apiserver_flowcontrol_request_wait_duration_seconds. */
const WAIT_BUCKETS = [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30];

export class FlowControlMetrics {
  /** The configuration in effect, for the concurrency limits; set when priority and fairness is on. */
  configuration: FlowControlConfiguration | undefined;
  readonly #dispatched = new CounterFamily();
  readonly #rejected = new CounterFamily();
  readonly #waitDuration = new HistogramFamily('apiserver_flowcontrol_request_wait_duration_seconds', WAIT_BUCKETS);
  readonly #inQueue = new SeriesMap(() => ({ value: 0 }));
  readonly #executing = new SeriesMap(() => ({ value: 0 }));

  dispatched(flowSchema: string, priorityLevel: string): void {
    this.#dispatched.add(`${flowSchema}\0${priorityLevel}`, () => ({ flow_schema: flowSchema, priority_level: priorityLevel }));
  }

  rejected(flowSchema: string, priorityLevel: string, reason: RejectReason): void {
    this.#rejected.add(`${flowSchema}\0${priorityLevel}\0${reason}`, () => ({ flow_schema: flowSchema, priority_level: priorityLevel, reason }));
  }

  /** A request's wait in its queue, `executed` whether it then ran. */
  waited(flowSchema: string, priorityLevel: string, executed: boolean, seconds: number): void {
    const execute = String(executed);
    this.#waitDuration.series(`${flowSchema}\0${priorityLevel}\0${execute}`, () => ({ flow_schema: flowSchema, priority_level: priorityLevel, execute })).observe(seconds);
  }

  /** Requests of a FlowSchema and level waiting (`inQueue`) or executing, changed by `delta`. */
  inQueue(flowSchema: string, priorityLevel: string, delta: number): void {
    this.#inQueue.get(`${flowSchema}\0${priorityLevel}`, () => ({ flow_schema: flowSchema, priority_level: priorityLevel })).value += delta;
  }

  executing(flowSchema: string, priorityLevel: string, delta: number): void {
    this.#executing.get(`${flowSchema}\0${priorityLevel}`, () => ({ flow_schema: flowSchema, priority_level: priorityLevel })).value += delta;
  }

  registerWith(registry: Registry): void {
    const gauge = (entries: { labels: Sample['labels']; value: { value: number } }[]): Sample[] => entries.map((e) => ({ labels: e.labels, value: e.value.value }));
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_dispatched_requests_total', type: 'counter', stability: 'ALPHA',
      help: 'Number of requests executed by API Priority and Fairness subsystem', samples: () => this.#dispatched.samples(),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_rejected_requests_total', type: 'counter', stability: 'ALPHA',
      help: 'Number of requests rejected by API Priority and Fairness subsystem', samples: () => this.#rejected.samples(),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_current_inqueue_requests', type: 'gauge', stability: 'ALPHA',
      help: 'Number of requests currently pending in queues of the API Priority and Fairness subsystem', samples: () => gauge(this.#inQueue.entries()),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_current_executing_requests', type: 'gauge', stability: 'ALPHA',
      help: 'Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem', samples: () => gauge(this.#executing.entries()),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_request_wait_duration_seconds', type: 'histogram', stability: 'ALPHA',
      help: 'Length of time a request spent waiting in its queue', samples: () => this.#waitDuration.samples(),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_request_concurrency_limit', type: 'gauge', stability: 'ALPHA',
      help: 'Shared concurrency limit in the API Priority and Fairness subsystem',
      samples: () => [...(this.configuration?.levels.values() ?? [])].flatMap((level) =>
        level.queues ? [{ labels: { priority_level: level.name }, value: level.queues.config.concurrencyLimit }] : []),
    });
  }
}
