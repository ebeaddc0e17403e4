// The RBAC module (upstream plugin/pkg/auth/authorizer/rbac): allows a request when a rule the user holds
// allows it; otherwise no opinion, with the reference errors met (a binding to a missing role) as the reason.
import { aggregateMessage } from '../../errors/aggregate.js';
import type { AuthorizationAttributes, AuthorizationModule, AuthorizationResult, NonResourceRuleInfo, ResourceRuleInfo, RulesResult } from '../authorizer.js';
import { NO_OPINION } from '../authorizer.js';
import type { UserInfo } from '../../auth/user-info.js';
import { ruleAllows } from './rule-matching.js';
import { describeSource, type RuleResolver } from './rule-resolver.js';
import type { Binding } from './binding-index.js';
import type { Subject } from '../../apis/rbac/v1/schemas.generated.js';

/**
 * An Allow whose reason is written only when read (by audit, an access review): the text names the
 * binding and subject, and building it for every request cost more than the decision itself.
 */
class AllowedBy implements AuthorizationResult {
  readonly decision = 'Allow';
  #reason: string | undefined;
  constructor(private readonly binding: Binding, private readonly subject: Subject) {}
  get reason(): string {
    return (this.#reason ??= `RBAC: allowed by ${describeSource(this.binding, this.subject)}`);
  }
}

export class RbacAuthorizer implements AuthorizationModule {
  /** One answer per (binding, subject) that allowed something: objects are replaced, never changed, on update. */
  readonly #allowed = new WeakMap<Subject, AllowedBy>();

  constructor(private readonly resolver: RuleResolver) {}

  authorize(attributes: AuthorizationAttributes): AuthorizationResult {
    let allowedBy: Binding | undefined;
    let allowedSubject: Subject | undefined;
    let errors: string[] | undefined;
    this.resolver.visitRulesFor(attributes.user, attributes.namespace, (binding, subject, rule, error) => {
      if (rule !== undefined && ruleAllows(attributes, rule)) {
        allowedBy = binding;
        allowedSubject = subject;
        return false;
      }
      if (error !== undefined) (errors ??= []).push(error);
      return true;
    });
    if (allowedBy !== undefined && allowedSubject !== undefined) {
      let allowed = this.#allowed.get(allowedSubject);
      if (allowed === undefined) this.#allowed.set(allowedSubject, (allowed = new AllowedBy(allowedBy, allowedSubject)));
      return allowed;
    }
    if (errors === undefined) return NO_OPINION;
    return { decision: 'NoOpinion', reason: `RBAC: ${aggregateMessage(errors)}` };
  }

  rulesFor(user: UserInfo, namespace: string): RulesResult {
    const { rules, errors } = this.resolver.rulesFor(user, namespace);
    const resourceRules: ResourceRuleInfo[] = [];
    const nonResourceRules: NonResourceRuleInfo[] = [];
    for (const rule of rules) {
      if ((rule.resources ?? []).length > 0) {
        resourceRules.push({ verbs: [...rule.verbs], apiGroups: [...(rule.apiGroups ?? [])], resources: [...(rule.resources ?? [])], resourceNames: [...(rule.resourceNames ?? [])] });
      }
      if ((rule.nonResourceURLs ?? []).length > 0) nonResourceRules.push({ verbs: [...rule.verbs], nonResourceURLs: [...(rule.nonResourceURLs ?? [])] });
    }
    const result: RulesResult = { resourceRules, nonResourceRules, incomplete: false };
    if (errors.length > 0) result.evaluationError = aggregateMessage(errors);
    return result;
  }
}
