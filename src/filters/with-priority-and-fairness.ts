// API Priority and Fairness (k8s.io/apiserver pkg/server/filters/priority-and-fairness.go, 1.25), in place
// of the max-in-flight limits when `--enable-priority-and-fairness` is on: each request is classified to a
// FlowSchema and its priority level, whose UIDs every response carries; an Exempt level runs it at once; a
// Limited one runs it in its seats, queues it fairly, or refuses it with Go's plain-text 429 and
// `Retry-After: 1`. A watch holds its seat only while it is set up; other long-running requests (exec,
// attach, port-forward, proxy, log) are not subject to it.
import type { Handler, RequestContext } from '../endpoints/context.js';
import { isLongRunningRequest, isReadOnlyRequest } from '../endpoints/request-info.js';
import { writeGoHttpError } from '../endpoints/responses.js';
import type { FlowControlConfiguration } from '../flowcontrol/configuration.js';
import type { FlowControlMetrics, FlowSeries } from '../flowcontrol/metrics.js';
import type { Admission } from '../flowcontrol/queue-set.js';
import { flowDistinguisher } from '../flowcontrol/rule-matching.js';
import { hashFlowID } from '../flowcontrol/shuffle-sharding.js';
import { estimateSeats, type ObjectCounter } from '../flowcontrol/work-estimate.js';
import type { ApiMetrics, InflightRequests } from '../server/metrics.js';
import type { TerminationRecorder } from './with-max-in-flight.js';

export interface PriorityAndFairnessDeps {
  configuration: FlowControlConfiguration;
  metrics: FlowControlMetrics;
  /** apiserver_current_inflight_requests, which upstream's filter feeds too. */
  inflight: ApiMetrics['inflight'];
  /** Stored objects per resource, for the seats of a list. */
  objectCount: ObjectCounter;
  /** How long a request may wait in a queue: upstream's requestTimeout / 4, at most a minute. */
  requestWaitLimitMs: number;
  onTerminated?: TerminationRecorder;
}

const MAX_WAIT_MS = 60_000;

export function withPriorityAndFairness(next: Handler, deps: PriorityAndFairnessDeps): Handler {
  const { configuration, metrics } = deps;
  const waitLimitMs = Math.min(deps.requestWaitLimitMs, MAX_WAIT_MS);
  return async (ctx) => {
    const info = ctx.info;
    const watch = info.isResourceRequest && info.verb === 'watch';
    if (!ctx.user || (!watch && isLongRunningRequest(info))) return next(ctx);
    const { flowSchema, level, uids } = configuration.classify(info, ctx.user);
    const fsName = flowSchema.metadata.name ?? '';
    ctx.flowControl = uids;
    const series = metrics.series(fsName, level.name);
    const counter = isReadOnlyRequest(info) ? deps.inflight.readOnly : deps.inflight.mutating;
    const queues = level.queues;
    if (!queues) {
      // Exempt: never queued, never limited (upstream's noRestraint queue set).
      series.dispatched++;
      return executing(ctx, next, series, counter, undefined);
    }
    const seats = estimateSeats(info, ctx.query, deps.objectCount);
    const hash = queues.config.queuing ? hashFlowID(fsName, flowDistinguisher(flowSchema, info, ctx.user)) : 0n;
    const started = queues.start(hash, seats, waitLimitMs, () => ctx.signal);
    const admission = started instanceof Promise ? await waiting(started, series) : started;
    if (!admission.executing) {
      series.reject(admission.reason);
      if (admission.waitedMs > 0) series.waited.false.observe(admission.waitedMs / 1000);
      counter.dropped++;
      deps.onTerminated?.(info, 429);
      // A client that went away gets nothing; the others upstream's tooManyRequests.
      if (!ctx.signal.aborted) writeGoHttpError(ctx, 429, 'Too many requests, please try again later.', { 'Retry-After': '1' });
      return;
    }
    if (started instanceof Promise) series.waited.true.observe(admission.waitedMs / 1000);
    series.dispatched++;
    return executing(ctx, next, series, counter, () => {
      admission.finish();
      if (level.quiescing && queues.idle) configuration.redigest();
    });
  };
}

/** Counts a request waiting in its queue while it does. */
async function waiting(started: Promise<Admission>, series: FlowSeries): Promise<Admission> {
  series.inQueue++;
  try {
    return await started;
  } finally {
    series.inQueue--;
  }
}

/** Runs the request in its seats; a watch gives them back once it is set up (upstream's watch initialization signal). */
async function executing(ctx: RequestContext, next: Handler, series: FlowSeries, counter: InflightRequests, finish: (() => void) | undefined): Promise<void> {
  let done = false;
  const release = (): void => {
    if (done) return;
    done = true;
    series.executing--;
    counter.leave();
    finish?.();
  };
  series.executing++;
  counter.enter();
  if (ctx.info.isResourceRequest && ctx.info.verb === 'watch') ctx.watchInitialized = release;
  try {
    await next(ctx);
  } finally {
    release();
  }
}
