// The authorizer contract (upstream k8s.io/apiserver/pkg/authorization/authorizer): what a request asks
// to do, and a module's answer. Modules may answer synchronously (RBAC from its index, the privileged
// group) so the request path awaits only when one really waits (a webhook).
import type { UserInfo } from '../auth/user-info.js';

/** What a request asks to do (spec 2-access-control, Authorization item 3). */
export interface AuthorizationAttributes {
  readonly user: UserInfo;
  /** API verb (`get`, `list`, `watch`, `create`, ..., `impersonate`, `bind`) or the lower-case HTTP method of a non-resource request. */
  readonly verb: string;
  readonly isResourceRequest: boolean;
  /** The request path (non-resource requests are authorized on it). */
  readonly path: string;
  readonly namespace: string;
  /** '' is the core group. */
  readonly apiGroup: string;
  readonly apiVersion: string;
  readonly resource: string;
  readonly subresource: string;
  /** The object's name; for list and watch, the `metadata.name=` field selector's value. */
  readonly name: string;
}

export type Decision = 'Allow' | 'Deny' | 'NoOpinion';

export interface AuthorizationResult {
  readonly decision: Decision;
  /** Why (shown after the forbidden message, and in access reviews' `status.reason`). */
  readonly reason: string;
  /** An evaluation error (access reviews' `status.evaluationError`; a 500 when nothing allowed). */
  readonly error?: string;
}

export type MaybePromise<T> = T | Promise<T>;

export interface Authorizer {
  authorize(attributes: AuthorizationAttributes): MaybePromise<AuthorizationResult>;
}

/** A rule as SelfSubjectRulesReview reports it (upstream authorizer.ResourceRuleInfo). */
export interface ResourceRuleInfo {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
  resourceNames: string[];
}

/** A non-resource rule (upstream authorizer.NonResourceRuleInfo). */
export interface NonResourceRuleInfo {
  verbs: string[];
  nonResourceURLs: string[];
}

export interface RulesResult {
  resourceRules: ResourceRuleInfo[];
  nonResourceRules: NonResourceRuleInfo[];
  /** True when a module could not list everything the user may do (a webhook, Node). */
  incomplete: boolean;
  evaluationError?: string;
}

/** Lists what a user may do in a namespace (upstream authorizer.RuleResolver). */
export interface RuleResolver {
  rulesFor(user: UserInfo, namespace: string): MaybePromise<RulesResult>;
}

/** An authorization module: decides requests and, where it can, lists rules. */
export interface AuthorizationModule extends Authorizer, RuleResolver {}

export const NO_OPINION: AuthorizationResult = Object.freeze({ decision: 'NoOpinion', reason: '' });
export const allow = (reason = ''): AuthorizationResult => ({ decision: 'Allow', reason });
export const deny = (reason = ''): AuthorizationResult => ({ decision: 'Deny', reason });
export const noOpinion = (reason = '', error?: string): AuthorizationResult =>
  error === undefined ? { decision: 'NoOpinion', reason } : { decision: 'NoOpinion', reason, error };
