// The evaluators by group-resource (upstream pkg/quota/v1 install and evaluator/core registry, 1.25): pods,
// services and persistentvolumeclaims with their own rules; configmaps, resourcequotas, replicationcontrollers
// and secrets counted under their legacy names too; any other resource counted as `count/<resource>.<group>` by
// an object count evaluator made when first asked for. Core events and the virtual resources are never quota'd.
import { objectCountEvaluator, type QuotaEvaluator } from './evaluator.js';
import { persistentVolumeClaimEvaluator } from './persistent-volume-claims.js';
import { podEvaluator } from './pods.js';
import { serviceEvaluator } from './services.js';

/** legacyObjectCountAliases: the core resources also counted under their own name. */
const LEGACY_ALIASES = ['configmaps', 'resourcequotas', 'replicationcontrollers', 'secrets'];

const keyOf = (group: string, resource: string): string => `${resource}.${group}`;

/**
 * ignoredResources (pkg/quota/v1/install, 1.25): quota never looks at them. The virtual resources, which are not
 * stored, and core events (events.k8s.io events were added to the list in 1.26).
 */
const IGNORED: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['', new Set(['bindings', 'componentstatuses', 'events'])],
  ['authentication.k8s.io', new Set(['tokenreviews'])],
  ['authorization.k8s.io', new Set(['subjectaccessreviews', 'selfsubjectaccessreviews', 'localsubjectaccessreviews', 'selfsubjectrulesreviews'])],
]);

/** Whether quota ignores a group-resource (by group first: no string is built on this per-request path). */
export const isIgnoredResource = (group: string, resource: string): boolean => IGNORED.get(group)?.has(resource) ?? false;

export class QuotaRegistry {
  readonly #evaluators = new Map<string, QuotaEvaluator>();

  constructor(evaluators: readonly QuotaEvaluator[]) {
    for (const evaluator of evaluators) this.#evaluators.set(keyOf(evaluator.group, evaluator.resource), evaluator);
  }

  get(group: string, resource: string): QuotaEvaluator | undefined {
    return this.#evaluators.get(keyOf(group, resource));
  }

  /** The evaluator of a resource, an object count evaluator when none was registered (upstream's admission adds one). */
  getOrCount(group: string, resource: string): QuotaEvaluator {
    let evaluator = this.get(group, resource);
    if (!evaluator) this.#evaluators.set(keyOf(group, resource), (evaluator = objectCountEvaluator(group, resource)));
    return evaluator;
  }

  list(): QuotaEvaluator[] {
    return [...this.#evaluators.values()];
  }
}

/** NewEvaluators: the evaluators of the core resources quota knows by name. */
export function coreEvaluators(): QuotaEvaluator[] {
  return [podEvaluator, serviceEvaluator, persistentVolumeClaimEvaluator, ...LEGACY_ALIASES.map((resource) => objectCountEvaluator('', resource, resource))];
}
