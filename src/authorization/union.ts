// Several modules in order (upstream authorizer/union): the first that allows or denies decides; when none
// has an opinion, the answer is NoOpinion with every module's reason (newline-joined) and errors. Rule lists
// are the concatenation of every module's.
import type { UserInfo } from '../auth/user-info.js';
import type { AuthorizationAttributes, Authorizer, AuthorizationResult, MaybePromise, RuleResolver, RulesResult } from './authorizer.js';

export function unionAuthorizer(modules: readonly Authorizer[]): Authorizer {
  return { authorize: (attributes) => authorizeFrom(modules, 0, attributes, [], []) };
}

export function unionRuleResolver(modules: readonly RuleResolver[]): RuleResolver {
  return { rulesFor: (user, namespace) => rulesFrom(modules, user, namespace) };
}

/** Asks modules[from...] in turn; stays synchronous until a module answers with a promise. */
function authorizeFrom(
  modules: readonly Authorizer[], from: number, attributes: AuthorizationAttributes, reasons: string[], errors: string[],
): MaybePromise<AuthorizationResult> {
  for (let i = from; i < modules.length; i++) {
    const answer = modules[i]!.authorize(attributes);
    if (answer instanceof Promise) {
      return answer.then((result) => decided(result, reasons, errors) ?? authorizeFrom(modules, i + 1, attributes, reasons, errors));
    }
    const result = decided(answer, reasons, errors);
    if (result) return result;
  }
  if (reasons.length === 0 && errors.length === 0) return NONE;
  const reason = reasons.join('\n');
  return errors.length === 0 ? { decision: 'NoOpinion', reason } : { decision: 'NoOpinion', reason, error: aggregate(errors) };
}

const NONE: AuthorizationResult = Object.freeze({ decision: 'NoOpinion', reason: '' });

/** The result when it decides; otherwise records its reason and error and returns undefined. */
function decided(result: AuthorizationResult, reasons: string[], errors: string[]): AuthorizationResult | undefined {
  if (result.decision !== 'NoOpinion') {
    if (errors.length === 0 || result.error !== undefined) return result;
    return { ...result, error: aggregate(errors) };
  }
  if (result.reason) reasons.push(result.reason);
  if (result.error !== undefined) errors.push(result.error);
  return undefined;
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
  if (errors.length > 0) all.evaluationError = aggregate(errors);
  return all;
}

/** utilerrors.NewAggregate's text: one error as is, several as `[a, b]`. */
export function aggregate(errors: readonly string[]): string {
  return errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`;
}
