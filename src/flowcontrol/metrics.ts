// API Priority and Fairness metrics, as kube-apiserver 1.25 names them (k8s.io/apiserver
// pkg/util/flowcontrol/metrics): requests dispatched, rejected (by reason), waiting and executing per
// FlowSchema and priority level, each level's concurrency limit, and the time requests waited. The figures of
// one FlowSchema and level live in one series object, found without building a key per request.
import type { Registry } from 'prom-client';
import { Histogram, registerFamily, type Labels, type Sample } from '../server/metric-families.js';
import type { FlowControlConfiguration } from './configuration.js';
import type { RejectReason } from './queue-set.js';

/** upstream's buckets of apiserver_flowcontrol_request_wait_duration_seconds. */
const WAIT_BUCKETS = [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30];
const WAIT_DURATION = 'apiserver_flowcontrol_request_wait_duration_seconds';

/** The figures of one FlowSchema and priority level. */
export class FlowSeries {
  dispatched = 0;
  inQueue = 0;
  executing = 0;
  readonly rejected = new Map<RejectReason, number>();
  readonly waited = { true: new Histogram(WAIT_BUCKETS), false: new Histogram(WAIT_BUCKETS) };
  readonly labels: Labels;

  constructor(flowSchema: string, priorityLevel: string) {
    this.labels = { flow_schema: flowSchema, priority_level: priorityLevel };
  }

  reject(reason: RejectReason): void {
    this.rejected.set(reason, (this.rejected.get(reason) ?? 0) + 1);
  }
}

export class FlowControlMetrics {
  /** The configuration in effect, for the concurrency limits; set when priority and fairness is on. */
  configuration: FlowControlConfiguration | undefined;
  /** FlowSchema name -> priority level name -> series. */
  readonly #series = new Map<string, Map<string, FlowSeries>>();

  /** The series of a FlowSchema and level, made at its first request. */
  series(flowSchema: string, priorityLevel: string): FlowSeries {
    let byLevel = this.#series.get(flowSchema);
    if (!byLevel) this.#series.set(flowSchema, (byLevel = new Map()));
    let series = byLevel.get(priorityLevel);
    if (!series) byLevel.set(priorityLevel, (series = new FlowSeries(flowSchema, priorityLevel)));
    return series;
  }

  registerWith(registry: Registry): void {
    const all = (): FlowSeries[] => [...this.#series.values()].flatMap((byLevel) => [...byLevel.values()]);
    const each = (value: (s: FlowSeries) => number): Sample[] => all().map((s) => ({ labels: s.labels, value: value(s) }));
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_dispatched_requests_total', type: 'counter', stability: 'ALPHA',
      help: 'Number of requests executed by API Priority and Fairness subsystem', samples: () => each((s) => s.dispatched).filter((s) => s.value > 0),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_rejected_requests_total', type: 'counter', stability: 'ALPHA',
      help: 'Number of requests rejected by API Priority and Fairness subsystem',
      samples: () => all().flatMap((s) => [...s.rejected].map(([reason, value]) => ({ labels: { ...s.labels, reason }, value }))),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_current_inqueue_requests', type: 'gauge', stability: 'ALPHA',
      help: 'Number of requests currently pending in queues of the API Priority and Fairness subsystem', samples: () => each((s) => s.inQueue),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_current_executing_requests', type: 'gauge', stability: 'ALPHA',
      help: 'Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem', samples: () => each((s) => s.executing),
    });
    registerFamily(registry, {
      name: WAIT_DURATION, type: 'histogram', stability: 'ALPHA',
      help: 'Length of time a request spent waiting in its queue',
      samples: () => all().flatMap((s) => (['true', 'false'] as const).flatMap((execute) =>
        s.waited[execute].count > 0 ? s.waited[execute].samples(WAIT_DURATION, { ...s.labels, execute }) : [])),
    });
    registerFamily(registry, {
      name: 'apiserver_flowcontrol_request_concurrency_limit', type: 'gauge', stability: 'ALPHA',
      help: 'Shared concurrency limit in the API Priority and Fairness subsystem',
      samples: () => [...(this.configuration?.levels.values() ?? [])].flatMap((level) =>
        level.queues ? [{ labels: { priority_level: level.name }, value: level.queues.config.concurrencyLimit }] : []),
    });
  }
}
