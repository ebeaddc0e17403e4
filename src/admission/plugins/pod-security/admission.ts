// The PodSecurity admission logic (upstream k8s.io/pod-security-admission/admission, v0.25), over kplane's
// admission attributes:
// - a namespace's create or update: its pod-security labels must parse (422 otherwise); an update that makes
//   the enforce policy stricter warns about the namespace's existing pods that would violate it (at most 3,000
//   pods, within 1 s; pods of one controller after one of each), or that an exempt namespace's labels are ignored;
// - a pod's create or update (not its status, binding, eviction... subresources; an update only when it changes
//   something the checks read: containers, images, seccomp annotations of containers, ephemeral containers):
//   refused (403) when it violates the enforce level, warned of the warn level's violations;
// - a pod controller's template (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob,
//   ReplicationController, PodTemplate): warned only;
// - exempt usernames, namespaces and runtime classes (the configuration) are let through unevaluated.
// Nothing is evaluated when the namespace's levels are all privileged.
import type { KubeObject } from '../../../apis/meta/v1/types.js';
import type { Container, Pod, PodSpec, PodTemplateSpec } from '../../../apis/core/v1/schemas.generated.js';
import { aggregateMessage } from '../../../errors/aggregate.js';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { internalError, invalid, type StatusError } from '../../../errors/status-error.js';
import { admissionForbidden } from '../../forbidden.js';
import type { AdmissionAttributes } from '../../types.js';
import {
  AUDIT_LEVEL_LABEL, AUDIT_VERSION_LABEL, AUDIT_VIOLATIONS_ANNOTATION, compareLevels, ENFORCE_LEVEL_LABEL, ENFORCE_VERSION_LABEL, ENFORCED_POLICY_ANNOTATION,
  equivalentPolicy, EXEMPTION_REASON_ANNOTATION, fullyPrivileged, levelVersionString, policyToEvaluate, sameLevelVersion, WARN_LEVEL_LABEL, WARN_VERSION_LABEL,
  type LevelVersion, type Policy,
} from './api.js';
import type { LoadedPodSecurityConfiguration } from './configuration.js';
import { forbiddenDetail, forbiddenReason, newEvaluator, type Evaluator, type Violations } from './evaluator.js';

/** What the plugin reads of the cluster (upstream's NamespaceGetter and PodLister). */
export interface PodSecurityDeps {
  /** The namespace by name: the watch cache first (upstream's lister), then a live read. */
  getNamespace(name: string): Promise<Readonly<KubeObject> | undefined>;
  /** A namespace's pods as the watch cache has them (upstream's informer lister). */
  listPods(namespace: string): Promise<readonly Readonly<KubeObject>[]>;
}

export interface PodSecurityOptions {
  /** Existing pods checked when a namespace's enforce level tightens: upstream's 3,000. */
  maxPodsToCheck?: number;
  /** Time allowed for that check: upstream's 1 s. */
  podCheckTimeoutMs?: number;
  /** Milliseconds of a monotonic clock (tests). */
  now?: () => number;
  evaluator?: Evaluator;
  /**
   * Whether the audit level is evaluated (for the `audit-violations` audit annotation): only for requests that
   * are audited, since that annotation is all the audit level changes.
   */
  audit?: boolean;
}

/** upstream's AdmissionResponse, reduced to what kplane uses. */
export interface PodSecurityResponse {
  readonly allowed: boolean;
  readonly error?: StatusError;
  readonly warnings?: readonly string[];
  /** Keys under `pod-security.kubernetes.io/`. */
  readonly auditAnnotations?: Readonly<Record<string, string>>;
}

const ALLOWED: PodSecurityResponse = Object.freeze({ allowed: true });
const exemptResponse = (reason: string): PodSecurityResponse => Object.freeze({ allowed: true, auditAnnotations: Object.freeze({ [EXEMPTION_REASON_ANNOTATION]: reason }) });
const ALLOWED_BY_USER_EXEMPTION = exemptResponse('user');
const ALLOWED_BY_NAMESPACE_EXEMPTION = exemptResponse('namespace');
const ALLOWED_BY_RUNTIME_CLASS_EXEMPTION = exemptResponse('runtimeClass');

/** Pod subresources the plugin lets through; any other (ephemeralcontainers) is evaluated as the pod. */
const IGNORED_POD_SUBRESOURCES: ReadonlySet<string> = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

/** The pod controllers whose templates are checked (warn and audit only), with where each keeps its template. */
const POD_CONTROLLERS: ReadonlyMap<string, (obj: Readonly<KubeObject>) => Readonly<PodTemplateSpec> | undefined> = new Map([
  ['/replicationcontrollers', (obj) => (spec(obj)['template'] as PodTemplateSpec | null | undefined) ?? undefined],
  ['/podtemplates', (obj) => (obj as { template?: PodTemplateSpec }).template ?? {}],
  ['apps/replicasets', templateOf],
  ['apps/deployments', templateOf],
  ['apps/statefulsets', templateOf],
  ['apps/daemonsets', templateOf],
  ['batch/jobs', templateOf],
  ['batch/cronjobs', (obj) => ((spec(obj)['jobTemplate'] as { spec?: { template?: PodTemplateSpec } } | undefined)?.spec?.template ?? {})],
]);

function spec(obj: Readonly<KubeObject>): Record<string, unknown> {
  return ((obj as { spec?: Record<string, unknown> }).spec ?? {}) as Record<string, unknown>;
}

/** A template that is a value (not a pointer) upstream: an absent one is evaluated as empty. */
function templateOf(obj: Readonly<KubeObject>): Readonly<PodTemplateSpec> {
  return (spec(obj)['template'] as PodTemplateSpec | undefined) ?? {};
}

const EMPTY_SPEC: Readonly<PodSpec> = Object.freeze({ containers: [] });

/** Whether the plugin looks at a request of this group and resource at all. */
export function handlesResource(group: string, resource: string): boolean {
  return (group === '' && (resource === 'pods' || resource === 'namespaces')) || POD_CONTROLLERS.has(`${group}/${resource}`);
}

export class PodSecurityAdmission {
  private readonly evaluator: Evaluator;
  private readonly defaultPolicy: Policy;
  private readonly exemptNamespaces: ReadonlySet<string>;
  private readonly exemptUsers: ReadonlySet<string>;
  private readonly exemptRuntimeClasses: ReadonlySet<string>;
  private readonly maxPodsToCheck: number;
  private readonly podCheckTimeoutMs: number;
  private readonly now: () => number;
  private readonly audit: boolean;

  constructor(loaded: LoadedPodSecurityConfiguration, private readonly deps: PodSecurityDeps, options: PodSecurityOptions = {}) {
    const { exemptions } = loaded.configuration;
    this.defaultPolicy = loaded.defaultPolicy;
    this.exemptNamespaces = new Set(exemptions.namespaces);
    this.exemptUsers = new Set(exemptions.usernames);
    this.exemptRuntimeClasses = new Set(exemptions.runtimeClasses);
    this.evaluator = options.evaluator ?? newEvaluator();
    this.maxPodsToCheck = options.maxPodsToCheck ?? 3000;
    this.podCheckTimeoutMs = options.podCheckTimeoutMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
    this.audit = options.audit ?? true;
  }

  /** upstream Admission.Validate for a create or update. */
  validate(a: AdmissionAttributes): Promise<PodSecurityResponse> | PodSecurityResponse {
    const { group, resource } = a.def;
    if (group === '' && resource === 'namespaces') return this.validateNamespace(a);
    if (group === '' && resource === 'pods') return this.validatePod(a);
    return this.validatePodController(a);
  }

  private policyOf(labels: Readonly<Record<string, string>> | undefined): { policy: Policy; errors: FieldError[] } {
    return policyToEvaluate(labels, this.defaultPolicy);
  }

  /** Whether nothing of a policy is evaluated: all privileged (the audit level counts only when it is recorded). */
  private nothingToEvaluate(policy: Policy, errors: readonly FieldError[], enforce: boolean): boolean {
    if (errors.length > 0) return false;
    if (this.audit) return enforce ? fullyPrivileged(policy) : policy.warn.level === 'privileged' && policy.audit.level === 'privileged';
    return (!enforce || policy.enforce.level === 'privileged') && policy.warn.level === 'privileged';
  }

  private async validateNamespace(a: AdmissionAttributes): Promise<PodSecurityResponse> {
    if (a.subresource !== '' || !a.object) return ALLOWED;
    const namespace = a.object;
    // Upstream's admission namespace of a namespace request is its name (set on create too).
    const name = namespace.metadata.name ?? a.name;
    const { policy, errors } = this.policyOf(namespace.metadata.labels);
    if (a.operation === 'CREATE') {
      if (errors.length > 0) return { allowed: false, error: invalid('', 'Namespace', name, errors) };
      return this.exemptNamespaceResponse(name, policy, namespace.metadata.labels) ?? ALLOWED;
    }
    if (a.operation !== 'UPDATE' || !a.oldObject) return ALLOWED;
    const old = this.policyOf(a.oldObject.metadata.labels);
    // Labels that do not parse are refused when they changed.
    if (errors.length > 0 && (old.errors.length === 0 || !sameErrors(errors, old.errors))) return { allowed: false, error: invalid('', 'Namespace', name, errors) };
    // No dry run of the pods when the enforce policy is unchanged, privileged, or relaxed at the same version.
    if (sameLevelVersion(policy.enforce, old.policy.enforce)) return ALLOWED;
    if (policy.enforce.level === 'privileged') return ALLOWED;
    if (policy.enforce.version === old.policy.enforce.version && compareLevels(policy.enforce.level, old.policy.enforce.level) < 1) return ALLOWED;
    if (this.exemptNamespaces.has(name)) return this.exemptNamespaceResponse(name, policy, namespace.metadata.labels) ?? ALLOWED;
    return { allowed: true, warnings: await this.evaluatePodsInNamespace(name, policy.enforce) };
  }

  /** upstream exemptNamespaceWarning: an exempt namespace given a non-privileged policy of its own is told it is ignored. */
  private exemptNamespaceResponse(name: string, policy: Policy, labels: Readonly<Record<string, string>> | undefined): PodSecurityResponse | undefined {
    if (!name || !this.exemptNamespaces.has(name)) return undefined;
    if (fullyPrivileged(policy) || equivalentPolicy(policy, this.defaultPolicy)) return undefined;
    const has = (label: string) => labels !== undefined && Object.hasOwn(labels, label);
    const parts: string[] = [];
    if (policy.enforce.level !== 'privileged' && (has(ENFORCE_LEVEL_LABEL) || has(ENFORCE_VERSION_LABEL))) parts.push(`enforce=${levelVersionString(policy.enforce)}`);
    if (policy.audit.level !== 'privileged' && (has(AUDIT_LEVEL_LABEL) || has(AUDIT_VERSION_LABEL))) parts.push(`audit=${levelVersionString(policy.audit)}`);
    if (policy.warn.level !== 'privileged' && (has(WARN_LEVEL_LABEL) || has(WARN_VERSION_LABEL))) parts.push(`warn=${levelVersionString(policy.warn)}`);
    return { allowed: true, warnings: [`namespace ${JSON.stringify(name)} is exempt from Pod Security, and the policy (${parts.join(', ')}) will be ignored`] };
  }

  private async validatePod(a: AdmissionAttributes): Promise<PodSecurityResponse> {
    if (IGNORED_POD_SUBRESOURCES.has(a.subresource)) return ALLOWED;
    if (this.exemptNamespaces.has(a.namespace)) return ALLOWED_BY_NAMESPACE_EXEMPTION;
    if (a.user?.name && this.exemptUsers.has(a.user.name)) return ALLOWED_BY_USER_EXEMPTION;
    const namespace = await this.deps.getNamespace(a.namespace);
    if (!namespace) {
      const error = internalError(`failed to lookup namespace ${JSON.stringify(a.namespace)}`);
      return { allowed: false, error, auditAnnotations: { error: `${error.message}: namespaces ${JSON.stringify(a.namespace)} not found` } };
    }
    const { policy, errors } = this.policyOf(namespace.metadata.labels);
    if (this.nothingToEvaluate(policy, errors, true)) return ALLOWED;
    const pod = a.object as Pod | undefined;
    if (!pod) return ALLOWED;
    if (a.operation === 'UPDATE' && a.oldObject && !isSignificantPodUpdate(pod, a.oldObject as Pod)) return ALLOWED;
    return this.evaluatePod(a, policy, errors, pod.metadata, pod.spec ?? EMPTY_SPEC, true);
  }

  private async validatePodController(a: AdmissionAttributes): Promise<PodSecurityResponse> {
    const templateOf = POD_CONTROLLERS.get(`${a.def.group}/${a.def.resource}`);
    if (!templateOf || a.subresource !== '' || !a.object) return ALLOWED;
    if (this.exemptNamespaces.has(a.namespace)) return ALLOWED_BY_NAMESPACE_EXEMPTION;
    if (a.user?.name && this.exemptUsers.has(a.user.name)) return ALLOWED_BY_USER_EXEMPTION;
    const namespace = await this.deps.getNamespace(a.namespace);
    if (!namespace) return { allowed: true, auditAnnotations: { error: `failed to lookup namespace ${JSON.stringify(a.namespace)}: namespaces ${JSON.stringify(a.namespace)} not found` } };
    const { policy, errors } = this.policyOf(namespace.metadata.labels);
    if (this.nothingToEvaluate(policy, errors, false)) return ALLOWED;
    // A ReplicationController's template is optional: none, nothing to check.
    const template = templateOf(a.object);
    if (!template) return ALLOWED;
    return this.evaluatePod(a, policy, errors, template.metadata ?? {}, template.spec ?? EMPTY_SPEC, false);
  }

  /** upstream EvaluatePod: the enforce level (pods only), the audit level, then the warn level unless refused. */
  private evaluatePod(a: AdmissionAttributes, policy: Policy, policyErrors: readonly FieldError[], meta: KubeObject['metadata'], podSpec: Readonly<PodSpec>, enforce: boolean): PodSecurityResponse {
    const runtimeClass = podSpec.runtimeClassName;
    if (runtimeClass && this.exemptRuntimeClasses.has(runtimeClass)) return ALLOWED_BY_RUNTIME_CLASS_EXEMPTION;
    const auditAnnotations: Record<string, string> = {};
    if (policyErrors.length > 0) auditAnnotations['error'] = `Failed to parse policy: ${aggregateMessage(policyErrors.map(fieldErrorMessage))}`;
    const results: { lv: LevelVersion; violations: Violations }[] = [];
    const evaluate = (lv: LevelVersion): Violations => {
      const cached = results.find((r) => sameLevelVersion(r.lv, lv));
      if (cached) return cached.violations;
      const violations = this.evaluator.evaluatePod(lv, meta, podSpec);
      results.push({ lv, violations });
      return violations;
    };
    let error: StatusError | undefined;
    if (enforce) {
      auditAnnotations[ENFORCED_POLICY_ANNOTATION] = levelVersionString(policy.enforce);
      const violations = evaluate(policy.enforce);
      if (violations.length > 0) error = admissionForbidden(a, `violates PodSecurity ${JSON.stringify(levelVersionString(policy.enforce))}: ${forbiddenDetail(violations)}`);
    }
    if (this.audit) {
      const violations = evaluate(policy.audit);
      if (violations.length > 0) auditAnnotations[AUDIT_VIOLATIONS_ANNOTATION] = `would violate PodSecurity ${JSON.stringify(levelVersionString(policy.audit))}: ${forbiddenDetail(violations)}`;
    }
    if (error) return { allowed: false, error, auditAnnotations };
    // No warnings on a request already refused.
    const violations = evaluate(policy.warn);
    const warnings = violations.length > 0 ? [`would violate PodSecurity ${JSON.stringify(levelVersionString(policy.warn))}: ${forbiddenDetail(violations)}`] : undefined;
    return { allowed: true, auditAnnotations, ...(warnings ? { warnings } : {}) };
  }

  /**
   * upstream EvaluatePodsInNamespace: the namespace's pods against a new enforce level, one warning per distinct
   * set of violations naming the first pod (by name) and how many others share it, within the bounds.
   */
  async evaluatePodsInNamespace(namespace: string, enforce: LevelVersion): Promise<string[]> {
    const deadline = this.now() + this.podCheckTimeoutMs;
    let pods: readonly Readonly<KubeObject>[];
    try {
      pods = await this.deps.listPods(namespace);
    } catch {
      return ['failed to list pods while checking new PodSecurity enforce level'];
    }
    const prioritized = this.prioritizePods(pods);
    const total = prioritized.length;
    const toCheck = prioritized.slice(0, this.maxPodsToCheck);
    let checked = toCheck.length;
    const counts = new Map<string, { podName: string; podCount: number }>();
    for (let i = 0; i < toCheck.length; i++) {
      const pod = toCheck[i] as Pod;
      const violations = this.evaluator.evaluatePod(enforce, pod.metadata, pod.spec ?? EMPTY_SPEC);
      if (violations.length > 0) {
        const warning = forbiddenReason(violations);
        const podName = pod.metadata.name ?? '';
        const seen = counts.get(warning);
        if (!seen) counts.set(warning, { podName, podCount: 1 });
        else {
          if (podName < seen.podName) seen.podName = podName;
          seen.podCount++;
        }
      }
      if (this.now() > deadline) {
        checked = i + 1;
        break;
      }
    }
    const warnings: string[] = [];
    if (checked < total) warnings.push(`new PodSecurity enforce level only checked against the first ${checked} of ${total} existing pods`);
    if (counts.size > 0) warnings.push(`existing pods in namespace ${JSON.stringify(namespace)} violate the new PodSecurity enforce level ${JSON.stringify(levelVersionString(enforce))}`);
    const podWarnings = [...counts].map(([warning, { podName, podCount }]) => {
      if (podCount === 1) return `${podName}: ${warning}`;
      if (podCount === 2) return `${podName} (and 1 other pod): ${warning}`;
      return `${podName} (and ${podCount - 1} other pods): ${warning}`;
    });
    podWarnings.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    return [...warnings, ...podWarnings];
  }

  /** upstream prioritizePods: pods of exempt runtime classes left out; one pod per controller first, its siblings last. */
  private prioritizePods(pods: readonly Readonly<KubeObject>[]): Readonly<KubeObject>[] {
    const prioritized: Readonly<KubeObject>[] = [];
    const duplicates: Readonly<KubeObject>[] = [];
    const controllers = new Set<string>();
    for (const pod of pods) {
      const runtimeClass = (pod as Pod).spec?.runtimeClassName;
      if (runtimeClass && this.exemptRuntimeClasses.has(runtimeClass)) continue;
      const controller = pod.metadata.ownerReferences?.find((ref) => ref.controller === true);
      if (!controller) prioritized.push(pod);
      else if (controllers.has(controller.uid)) duplicates.push(pod);
      else {
        prioritized.push(pod);
        controllers.add(controller.uid);
      }
    }
    return [...prioritized, ...duplicates];
  }
}

/** upstream's reflect.DeepEqual of two field error lists. */
function sameErrors(a: readonly FieldError[], b: readonly FieldError[]): boolean {
  return a.length === b.length && a.every((e, i) => fieldErrorMessage(e) === fieldErrorMessage(b[i]!) && e.type === b[i]!.type);
}

/**
 * upstream isSignificantPodUpdate (1.25): whether an update changes what the checks read and pod updates may
 * change: the number of containers or init containers, an image, a container's seccomp annotation, or the
 * ephemeral containers (one added, or one's image or annotation changed).
 */
export function isSignificantPodUpdate(pod: Readonly<Pod>, oldPod: Readonly<Pod>): boolean {
  const containers = pod.spec?.containers ?? [];
  const oldContainers = oldPod.spec?.containers ?? [];
  const initContainers = pod.spec?.initContainers ?? [];
  const oldInitContainers = oldPod.spec?.initContainers ?? [];
  if (containers.length !== oldContainers.length || initContainers.length !== oldInitContainers.length) return true;
  const annotations = pod.metadata.annotations ?? {};
  const oldAnnotations = oldPod.metadata.annotations ?? {};
  const changed = (c: Readonly<Container>, old: Readonly<Container>): boolean => {
    if ((c.image ?? '') !== (old.image ?? '')) return true;
    const key = `container.seccomp.security.alpha.kubernetes.io/${c.name ?? ''}`;
    return (annotations[key] ?? '') !== (oldAnnotations[key] ?? '');
  };
  if (containers.some((c, i) => changed(c, oldContainers[i]!))) return true;
  if (initContainers.some((c, i) => changed(c, oldInitContainers[i]!))) return true;
  const oldEphemeral = oldPod.spec?.ephemeralContainers ?? [];
  for (const c of pod.spec?.ephemeralContainers ?? []) {
    const old = oldEphemeral.find((o) => o.name === c.name);
    if (!old || changed(c as Container, old as Container)) return true;
  }
  return false;
}
