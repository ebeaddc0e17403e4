// The API Priority and Fairness configuration in effect (k8s.io/apiserver pkg/util/flowcontrol
// apf_controller.go, 1.25): the FlowSchemas that match requests, in matching order, and the state of each
// priority level. Digesting new objects keeps each level's queues; a FlowSchema whose level does not exist
// is ignored (its Dangling condition is the apf-configuration controller's); the mandatory `exempt` and
// `catch-all` objects are imagined when missing; a level that left the configuration keeps its share and
// its queues until they drain. Limited levels divide the server's concurrency limit by their shares:
// ceil(limit × shares / sum of shares).
import type { FlowSchema, PriorityLevelConfiguration } from '../apis/flowcontrol/v1beta2/schemas.generated.js';
import { mandatoryFlowSchema, mandatoryPriorityLevel } from '../apis/flowcontrol/v1beta2/bootstrap.js';
import type { UserInfo } from '../auth/user-info.js';
import type { RequestInfo } from '../endpoints/request-info.js';
import { QueueSet, type QueueSetConfig } from './queue-set.js';
import { matchesFlowSchema } from './rule-matching.js';

/** One priority level: its object (or the imagined mandatory one) and, when Limited, its queues. */
export interface PriorityLevelState {
  readonly name: string;
  pl: Readonly<PriorityLevelConfiguration>;
  /** undefined for an Exempt level: no limit, no queues. */
  queues: QueueSet | undefined;
  /** Left the configuration; goes once its queues are idle. */
  quiescing: boolean;
}

/** What a request was classified as. */
export interface Classification {
  readonly flowSchema: Readonly<FlowSchema>;
  readonly level: PriorityLevelState;
  /** The UIDs the response headers name, made once per configuration rather than per request. */
  readonly uids: { readonly flowSchemaUid: string; readonly priorityLevelUid: string };
}

const EXEMPT = 'exempt';
const CATCH_ALL = 'catch-all';

/** upstream FlowSchemaSequence's order: matchingPrecedence, then name. */
const byMatchingOrder = (a: Readonly<FlowSchema>, b: Readonly<FlowSchema>): number =>
  (a.spec?.matchingPrecedence ?? 0) - (b.spec?.matchingPrecedence ?? 0) || ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : (a.metadata.name ?? '') > (b.metadata.name ?? '') ? 1 : 0);

/** The Limited level's queuing, or undefined for Reject. */
function queuingOf(pl: Readonly<PriorityLevelConfiguration>): QueueSetConfig['queuing'] {
  const response = pl.spec?.limited?.limitResponse;
  if (response?.type !== 'Queue' || !response.queuing) return undefined;
  const { queues = 64, handSize = 8, queueLengthLimit = 50 } = response.queuing;
  return { queues, handSize, queueLengthLimit };
}

export class FlowControlConfiguration {
  #classifications: readonly Classification[] = [];
  #levels = new Map<string, PriorityLevelState>();
  #lastInput: { pls: readonly Readonly<PriorityLevelConfiguration>[]; fss: readonly Readonly<FlowSchema>[] } = { pls: [], fss: [] };

  /** `serverConcurrencyLimit`: --max-requests-inflight plus --max-mutating-requests-inflight. */
  constructor(readonly serverConcurrencyLimit: number) {
    this.digest([], []);
  }

  get flowSchemas(): readonly Readonly<FlowSchema>[] {
    return this.#classifications.map((c) => c.flowSchema);
  }

  get levels(): ReadonlyMap<string, PriorityLevelState> {
    return this.#levels;
  }

  /** upstream lockAndDigestConfigObjects: the new objects become the configuration in effect. */
  digest(pls: readonly Readonly<PriorityLevelConfiguration>[], fss: readonly Readonly<FlowSchema>[]): void {
    this.#lastInput = { pls, fss };
    const levels = new Map<string, PriorityLevelState>();
    // One state object per level across configurations, as upstream's: requests in flight hold it, and must
    // see it become quiescing.
    const stateOf = (name: string, pl: Readonly<PriorityLevelConfiguration>): PriorityLevelState => {
      const old = this.#levels.get(name);
      if (!old) return { name, pl, queues: undefined, quiescing: false };
      old.pl = pl;
      old.quiescing = false;
      return old;
    };
    for (const pl of pls) levels.set(pl.metadata.name ?? '', stateOf(pl.metadata.name ?? '', pl));
    const flowSchemas = fss.filter((fs) => levels.has(fs.spec?.priorityLevelConfiguration.name ?? '')).sort(byMatchingOrder);
    if (!flowSchemas.some((fs) => fs.metadata.name === EXEMPT)) flowSchemas.unshift(mandatoryFlowSchema(EXEMPT)!);
    if (!flowSchemas.some((fs) => fs.metadata.name === CATCH_ALL)) flowSchemas.push(mandatoryFlowSchema(CATCH_ALL)!);
    // Levels that left: the mandatory ones stay as imagined; others drain (upstream processOldPLsLocked).
    for (const [name, old] of this.#levels) {
      if (levels.has(name) || name === EXEMPT || name === CATCH_ALL) continue;
      if (!old.queues || old.queues.idle) continue;
      old.quiescing = true;
      levels.set(name, old);
    }
    for (const name of [EXEMPT, CATCH_ALL]) {
      if (!levels.has(name)) levels.set(name, stateOf(name, mandatoryPriorityLevel(name)!));
    }
    this.#assignConcurrency(levels);
    this.#classifications = flowSchemas.flatMap((flowSchema) => {
      const level = levels.get(flowSchema.spec?.priorityLevelConfiguration.name ?? '');
      return level ? [{ flowSchema, level, uids: { flowSchemaUid: flowSchema.metadata.uid ?? '', priorityLevelUid: level.pl.metadata.uid ?? '' } }] : [];
    });
    this.#levels = levels;
  }

  /** Digests the last objects again: a quiescing level that drained goes. */
  redigest(): void {
    this.digest(this.#lastInput.pls, this.#lastInput.fss);
  }

  /** upstream Match: the first FlowSchema, in matching order, that matches (catch-all matches everyone). */
  classify(info: RequestInfo, user: UserInfo): Classification {
    for (const classification of this.#classifications) {
      if (matchesFlowSchema(info, user, classification.flowSchema)) return classification;
    }
    // Nothing matched (a user outside both authenticated groups): upstream's catch-all.
    return this.#classifications.find((c) => c.flowSchema.metadata.name === CATCH_ALL)!;
  }

  /** upstream finishQueueSetReconfigsLocked: each Limited level's share of the server's limit. */
  #assignConcurrency(levels: Map<string, PriorityLevelState>): void {
    let shareSum = 0;
    for (const level of levels.values()) if (level.pl.spec?.type === 'Limited') shareSum += level.pl.spec?.limited?.assuredConcurrencyShares ?? 30;
    for (const level of levels.values()) {
      if (level.pl.spec?.type !== 'Limited') {
        level.queues = undefined;
        continue;
      }
      const shares = level.pl.spec?.limited?.assuredConcurrencyShares ?? 30;
      const config: QueueSetConfig = { concurrencyLimit: Math.ceil((this.serverConcurrencyLimit * shares) / shareSum), ...withQueuing(queuingOf(level.pl)) };
      if (level.queues) level.queues.setConfig(config);
      else level.queues = new QueueSet(config);
    }
  }
}

const withQueuing = (queuing: QueueSetConfig['queuing']): Partial<QueueSetConfig> => (queuing ? { queuing } : {});
