// The priority and fairness bootstrap objects that do not exist yet, created through the stores before the server
// listens (as the RBAC bootstrap policy is). Upstream's priority-and-fairness-config-producer post-start hook holds
// readiness until they exist; until then every request but the exempt ones meets catch-all's 13 seats, which a
// burst right after the start overflows (429). Keeping them (spec updates, removals, the Dangling condition) stays
// the apf-configuration controller's work, which creates them the same way (ensure.ts).
import {
  mandatoryFlowSchemas,
  mandatoryPriorityLevelConfigurations,
  suggestedFlowSchemas,
  suggestedPriorityLevelConfigurations,
} from '../apis/flowcontrol/v1beta2/bootstrap.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { APF_PRODUCER } from '../controllers/apf-configuration/ensure.js';
import { APISERVER_USER } from '../controllers/identities.js';
import { isConflict } from '../controllers/status-errors.js';
import type { Store } from '../registry/store/index.js';

const storeOf = (stores: readonly Store[], resource: string): Store | undefined =>
  stores.find((s) => s.def.group === 'flowcontrol.apiserver.k8s.io' && s.def.version === 'v1beta2' && s.def.resource === resource);

/** Creates the missing ones: priority levels first (flow schemas name them), each kind's at once. */
export async function createMissingAPFBootstrap(stores: readonly Store[]): Promise<void> {
  const levels = storeOf(stores, 'prioritylevelconfigurations');
  const schemas = storeOf(stores, 'flowschemas');
  if (!levels || !schemas) return;
  await createMissing(levels, [...suggestedPriorityLevelConfigurations(), ...mandatoryPriorityLevelConfigurations()]);
  await createMissing(schemas, [...suggestedFlowSchemas(), ...mandatoryFlowSchemas()]);
}

async function createMissing(store: Store, objects: readonly KubeObject[]): Promise<void> {
  await Promise.all(objects.map(async (obj) => {
    try {
      await store.create('', structuredClone(obj), { dryRun: false, fieldManager: APF_PRODUCER, user: APISERVER_USER });
    } catch (error) {
      if (!isConflict(error)) throw error; // it exists: the controller judges it
    }
  }));
}
