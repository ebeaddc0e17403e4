// kube-apiserver 1.25's admission webhook families (k8s.io/apiserver admission/metrics): each call's
// latency and count by webhook, type (`admit` or `validating`), operation, and whether it rejected the
// request; and each rejection by error type (`calling_webhook_error`, `no_error`, `apiserver_internal_error`)
// and code (codes above 600 counted as 600). Kept in kplane's own structures, rendered at each scrape; the
// webhook plugins record through admission/webhook's WebhookMetricsRecorder.
import type { Registry } from 'prom-client';
import type { RejectionErrorType, WebhookMetricsRecorder, WebhookStep } from '../admission/webhook/dispatch-metrics.js';
import { CounterFamily, HistogramFamily, registerFamily } from './metric-families.js';

/** upstream's buckets for apiserver_admission_webhook_admission_duration_seconds in 1.25. */
const LATENCY_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1.0, 2.5];

export class WebhookMetrics implements WebhookMetricsRecorder {
  readonly #latencies = new HistogramFamily('apiserver_admission_webhook_admission_duration_seconds', LATENCY_BUCKETS);
  readonly #requests = new CounterFamily();
  readonly #rejections = new CounterFamily();
  readonly #failOpen = new CounterFamily();

  /** upstream ObserveWebhook: one call, its duration, whether it rejected the request, and its HTTP code. */
  observeWebhook(name: string, seconds: number, rejected: boolean, operation: string, type: WebhookStep, code: number): void {
    const codeLabel = String(Math.min(code, 600));
    const rejectedLabel = String(rejected);
    this.#requests.add(`${name}\0${type}\0${operation}\0${codeLabel}\0${rejectedLabel}`, () => ({ name, type, operation, code: codeLabel, rejected: rejectedLabel }));
    this.#latencies.series(`${name}\0${type}\0${operation}\0${rejectedLabel}`, () => ({ name, type, operation, rejected: rejectedLabel })).observe(seconds);
  }

  /** upstream ObserveWebhookRejection. */
  observeRejection(name: string, type: WebhookStep, operation: string, errorType: RejectionErrorType, code: number): void {
    const codeLabel = String(Math.min(code, 600));
    this.#rejections.add(`${name}\0${type}\0${operation}\0${errorType}\0${codeLabel}`, () => ({ name, type, operation, error_type: errorType, rejection_code: codeLabel }));
  }

  /** upstream ObserveWebhookFailOpen. */
  observeFailOpen(name: string, type: WebhookStep): void {
    this.#failOpen.add(`${name}\0${type}`, () => ({ name, type }));
  }

  registerWith(registry: Registry): void {
    registerFamily(registry, {
      name: 'apiserver_admission_webhook_fail_open_count', type: 'counter', stability: 'ALPHA',
      help: 'Admission webhook fail open count, identified by name and broken out for each admission type (validating or mutating).',
      samples: () => this.#failOpen.samples(),
    });
    registerFamily(registry, {
      name: 'apiserver_admission_webhook_admission_duration_seconds', type: 'histogram', stability: 'STABLE',
      help: 'Admission webhook latency histogram in seconds, identified by name and broken out for each operation and API resource and type (validate or admit).',
      samples: () => this.#latencies.samples(),
    });
    registerFamily(registry, {
      name: 'apiserver_admission_webhook_rejection_count', type: 'counter', stability: 'ALPHA',
      help: 'Admission webhook rejection count, identified by name and broken out for each admission type (validating or admit) and operation. Additional labels specify an error type (calling_webhook_error or apiserver_internal_error if an error occurred; no_error otherwise) and optionally a non-zero rejection code if the webhook rejects the request with an HTTP status code (honored by the apiserver when the code is greater or equal to 400). Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
      samples: () => this.#rejections.samples(),
    });
    registerFamily(registry, {
      name: 'apiserver_admission_webhook_request_total', type: 'counter', stability: 'ALPHA',
      help: 'Admission webhook request total, identified by name and broken out for each admission type (validating or mutating) and operation. Additional labels specify whether the request was rejected or not and an HTTP status code. Codes greater than 600 are truncated to 600, to keep the metrics cardinality bounded.',
      samples: () => this.#requests.samples(),
    });
  }
}
