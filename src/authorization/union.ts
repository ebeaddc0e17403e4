// Several modules in order (upstream authorizer/union): the first that allows or denies decides; when none
// has an opinion, the answer is NoOpinion with every module's reason (newline-joined) and errors. Rule lists
// are the concatenation of every module's.
import type { UserInfo } from '../auth/user-info.js';
import { aggregateMessage } from '../errors/aggregate.js';
import type { AuthorizationAttributes, Authorizer, AuthorizationResult, MaybePromise, RuleResolver, RulesResult } from './authorizer.js';

export function unionAuthorizer(modules: readonly Authorizer[]): Authorizer {
  return { authorize: (attributes) => authorizeFrom(modules, 0, attributes, undefined) };
}

export function unionRuleResolver(modules: readonly RuleResolver[]): RuleResolver {
  return { rulesFor: (user, namespace) => rulesFrom(modules, user, namespace) };
}

/** The reasons and errors of the modules without an opinion so far (made only when one gives either). */
interface Collected {
  reasons: string[];
  errors: string[];
}

/** Asks modules[from...] in turn; stays synchronous until a module answers with a promise. */
function authorizeFrom(
  modules: readonly Authorizer[], from: number, attributes: AuthorizationAttributes, collected: Collected | undefined,
): MaybePromise<AuthorizationResult> {
  for (let i = from; i < modules.length; i++) {
    const answer = modules[i]!.authorize(attributes);
    if (answer instanceof Promise) {
      return answer.then((result) => {
        if (result.decision !== 'NoOpinion') return decided(result, collected);
        return authorizeFrom(modules, i + 1, attributes, collect(result, collected));
      });
    }
    if (answer.decision !== 'NoOpinion') return decided(answer, collected);
    collected = collect(answer, collected);
  }
  if (collected === undefined) return NONE;
  const reason = collected.reasons.join('\n');
  return collected.errors.length === 0 ? { decision: 'NoOpinion', reason } : { decision: 'NoOpinion', reason, error: aggregateMessage(collected.errors) };
}

const NONE: AuthorizationResult = Object.freeze({ decision: 'NoOpinion', reason: '' });

/** A decision, with the errors of the modules asked before it. */
function decided(result: AuthorizationResult, collected: Collected | undefined): AuthorizationResult {
  if (collected === undefined || collected.errors.length === 0 || result.error !== undefined) return result;
  return { decision: result.decision, reason: result.reason, error: aggregateMessage(collected.errors) };
}

/** Records a NoOpinion's reason and error. */
function collect(result: AuthorizationResult, collected: Collected | undefined): Collected | undefined {
  if (!result.reason && result.error === undefined) return collected;
  collected ??= { reasons: [], errors: [] };
  if (result.reason) collected.reasons.push(result.reason);
  if (result.error !== undefined) collected.errors.push(result.error);
  return collected;
}

async function rulesFrom(modules: readonly RuleResolver[], user: UserInfo, namespace: string): Promise<RulesResult> {
  const all: RulesResult = { resourceRules: [], nonResourceRules: [], incomplete: false };
  const errors: string[] = [];
  for (const module of modules) {
    const rules = await module.rulesFor(user, namespace);
    all.resourceRules.push(...rules.resourceRules);
    all.nonResourceRules.push(...rules.nonResourceRules);
    if (rules.incomplete) all.incomplete = true;
    if (rules.evaluationError) errors.push(rules.evaluationError);
  }
  if (errors.length > 0) all.evaluationError = aggregateMessage(errors);
  return all;
}
