// The ComponentStatus store (upstream pkg/registry/core/componentstatus rest.go): nothing is stored;
// every get and list probes the components now. A name that is not a component is a plain error
// upstream (500 "Component not found: <name>"), not a NotFound.
import { methodNotAllowed, unknownError } from '../../../../errors/status-error.js';
import type { ResourceDefinition } from '../../../../registry/resource-definition.js';
import { selectionPredicate, selectableOf } from '../../../../registry/store/predicate.js';
import type { Store, StoredItem } from '../../../../registry/store/index.js';
import type { ComponentStatus } from '../schemas.generated.js';
import type { ComponentProbe } from './probes.js';

async function statusOf(probe: ComponentProbe): Promise<StoredItem> {
  const condition = await probe.probe();
  const object: ComponentStatus = { kind: 'ComponentStatus', apiVersion: 'v1', metadata: { name: probe.name }, conditions: [condition] };
  return { object };
}

const refuse = (): never => {
  throw methodNotAllowed();
};

/** A read-only store over `probes`, in their order (upstream's order is whichever probe answers first). */
export function componentStatusStore(def: ResourceDefinition, probes: readonly ComponentProbe[]): Store {
  return {
    def,
    groupResource: { group: def.group, resource: def.resource },
    async get(_namespace, name) {
      const probe = probes.find((p) => p.name === name);
      if (!probe) throw unknownError(`Component not found: ${name}`);
      return statusOf(probe);
    },
    async list(_namespace, options) {
      const items = await Promise.all(probes.map(statusOf));
      const predicate = selectionPredicate(def, options.labelSelector, options.fieldSelector);
      // Revision 0: a computed list has no resourceVersion.
      return { revision: 0, items: predicate ? items.filter((i) => predicate(selectableOf(i.object))) : items };
    },
    watch: refuse,
    create: refuse,
    update: refuse,
    delete: refuse,
    deleteCollection: refuse,
  };
}
