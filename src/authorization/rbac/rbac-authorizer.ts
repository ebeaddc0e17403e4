// The RBAC module (upstream plugin/pkg/auth/authorizer/rbac): allows a request when a rule the user holds
// allows it; otherwise no opinion, with the reference errors met (a binding to a missing role) as the reason.
import { aggregate } from '../union.js';
import type { AuthorizationAttributes, AuthorizationModule, AuthorizationResult, NonResourceRuleInfo, ResourceRuleInfo, RulesResult } from '../authorizer.js';
import { NO_OPINION } from '../authorizer.js';
import type { UserInfo } from '../../auth/user-info.js';
import { ruleAllows } from './rule-matching.js';
import { describeSource, type RuleResolver, type RuleSource } from './rule-resolver.js';

export class RbacAuthorizer implements AuthorizationModule {
  constructor(private readonly resolver: RuleResolver) {}

  authorize(attributes: AuthorizationAttributes): AuthorizationResult {
    let allowedBy: RuleSource | undefined;
    let errors: string[] | undefined;
    this.resolver.visitRulesFor(attributes.user, attributes.namespace, (source, rule, error) => {
      if (rule !== undefined && ruleAllows(attributes, rule)) {
        allowedBy = source;
        return false;
      }
      if (error !== undefined) (errors ??= []).push(error);
      return true;
    });
    if (allowedBy !== undefined) return { decision: 'Allow', reason: `RBAC: allowed by ${describeSource(allowedBy)}` };
    if (errors === undefined) return NO_OPINION;
    return { decision: 'NoOpinion', reason: `RBAC: ${aggregate(errors)}` };
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
    if (errors.length > 0) result.evaluationError = aggregate(errors);
    return result;
  }
}
