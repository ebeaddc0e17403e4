// PodDisruptionBudget (policy/v1, namespaced; `poddisruptionbudgets`, short name `pdb`): upstream 1.25's
// strategy (status reset on create, generation bumped on spec changes, the `status` subresource keeps
// the spec), validation (validation.ts) and table. The eviction subresource of pods reads and updates
// these budgets (apis/core/v1/pod/subresources/eviction-budgets.ts); no disruption controller runs here,
// so a budget's status is what its writers put there.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { PodDisruptionBudgetSchema, type PodDisruptionBudget } from './schemas.generated.js';
import { validatePodDisruptionBudget, validatePodDisruptionBudgetStatus } from './validation.js';

export { PodDisruptionBudgetSchema, type PodDisruptionBudget };

/** What upstream's empty status serializes to: the four counters at zero. */
export const emptyBudgetStatus = () => ({ disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });

/** intstr.IntOrString's String(), or `N/A` when unset (upstream printPodDisruptionBudget). */
const countCell = (value: number | string | undefined): string => (value === undefined ? 'N/A' : String(value));

/** The columns of `kubectl get poddisruptionbudgets`. */
export const podDisruptionBudgetColumns: TableColumn<PodDisruptionBudget>[] = [
  nameColumn(),
  { definition: columnDefinition('Min Available', 'string', 'The minimum number of pods that must be available.'), cell: (pdb) => countCell(pdb.spec?.minAvailable) },
  { definition: columnDefinition('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.'), cell: (pdb) => countCell(pdb.spec?.maxUnavailable) },
  {
    definition: columnDefinition('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.'),
    cell: (pdb) => pdb.status?.disruptionsAllowed ?? 0,
  },
  ageColumn(),
];

/** The policy/v1 PodDisruptionBudget resource. */
export const podDisruptionBudgetDefinition: ResourceDefinition<PodDisruptionBudget> = {
  group: 'policy',
  version: 'v1',
  kind: 'PodDisruptionBudget',
  listKind: 'PodDisruptionBudgetList',
  resource: 'poddisruptionbudgets',
  singular: 'poddisruptionbudget',
  shortNames: ['pdb'],
  namespaced: true,
  schema: PodDisruptionBudgetSchema,
  definitionName: 'io.k8s.api.policy.v1.PodDisruptionBudget',
  verbs: ALL_VERBS,
  subresources: [statusSubresource<PodDisruptionBudget>({ validateUpdate: (pdb) => validatePodDisruptionBudgetStatus(pdb.status) })],
  strategy: {
    prepareForCreate: (pdb) => {
      pdb.status = emptyBudgetStatus();
    },
    validate: validatePodDisruptionBudget,
    validateUpdate: validatePodDisruptionBudget,
    tracksGeneration: true,
  },
  tableColumns: podDisruptionBudgetColumns,
  storage: { resourcePath: 'poddisruptionbudgets' },
};
