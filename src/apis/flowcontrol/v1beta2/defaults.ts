// Defaults of flowcontrol.apiserver.k8s.io v1beta2 (and v1beta1, which has the same ones), as upstream's
// pkg/apis/flowcontrol/v1beta2/defaults.go: zero means unset for these int32 fields.
import type { FlowSchema, PriorityLevelConfiguration } from './schemas.generated.js';

export const DEFAULT_MATCHING_PRECEDENCE = 1000;
export const DEFAULT_ASSURED_CONCURRENCY_SHARES = 30;
export const DEFAULT_HAND_SIZE = 8;
export const DEFAULT_QUEUES = 64;
export const DEFAULT_QUEUE_LENGTH_LIMIT = 50;

/** SetDefaults_FlowSchemaSpec: matchingPrecedence 1000 (the spec is a Go value struct, so also when absent). */
export function defaultFlowSchema(fs: FlowSchema): void {
  const spec = (fs.spec ??= {} as NonNullable<FlowSchema['spec']>);
  if (!spec.matchingPrecedence) spec.matchingPrecedence = DEFAULT_MATCHING_PRECEDENCE;
}

/**
 * SetDefaults_LimitedPriorityLevelConfiguration (assuredConcurrencyShares 30) and
 * SetDefaults_QueuingConfiguration (handSize 8, queues 64, queueLengthLimit 50).
 */
export function defaultPriorityLevelConfiguration(pl: PriorityLevelConfiguration): void {
  const limited = pl.spec?.limited;
  if (!limited) return;
  if (!limited.assuredConcurrencyShares) limited.assuredConcurrencyShares = DEFAULT_ASSURED_CONCURRENCY_SHARES;
  const queuing = limited.limitResponse?.queuing;
  if (!queuing) return;
  if (!queuing.handSize) queuing.handSize = DEFAULT_HAND_SIZE;
  if (!queuing.queues) queuing.queues = DEFAULT_QUEUES;
  if (!queuing.queueLengthLimit) queuing.queueLengthLimit = DEFAULT_QUEUE_LENGTH_LIMIT;
}
