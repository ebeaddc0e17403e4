// CSINode (storage.k8s.io/v1, cluster-scoped; 3-resources "CSINode"): validation as upstream 1.25
// ValidateCSINode / ValidateCSINodeUpdate (an existing driver entry may not change), and the table.
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { duplicate, invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { isQualifiedName, nameIsDNSSubdomain, validateObjectMeta } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { canonicalJson } from '../../core/v1/go-struct-diff.js';
import { validateCSIDriverName } from '../../core/v1/volumes/index.js';
import { CSINodeSchema, type CSINode, type CSINodeDriver } from './schemas.generated.js';
import { STORAGE_V1 } from './storage-meta.js';

export { CSINodeSchema, type CSINode };

/** Longest node ID a driver may report in 1.25. */
const MAX_NODE_ID = 128;

/** Topology keys: non-empty, distinct, qualified names (errors at the driver's path, as upstream). */
function validateTopologyKeys(keys: readonly string[] | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const key of keys ?? []) {
    if (!key) errors.push(required(path));
    if (seen.has(key)) errors.push(duplicate(path, key));
    seen.add(key);
    errors.push(...isQualifiedName(key).map((m) => invalid(path, key, m)));
  }
  return errors;
}

/** One driver entry: CSI driver name, node ID, allocatable count, unique name, topology keys. */
function validateDriver(driver: CSINodeDriver, path: string, names: Set<string>): FieldError[] {
  const errors = validateCSIDriverName(driver.name ?? '', `${path}.name`);
  const nodeID = driver.nodeID ?? '';
  if (!nodeID) errors.push(required(`${path}.nodeID`));
  if (nodeID.length > MAX_NODE_ID) errors.push(invalid(`${path}.nodeID`, nodeID, `must be ${MAX_NODE_ID} characters or less`));
  const count = driver.allocatable?.count;
  if (count !== undefined && count < 0) errors.push(invalid(`${path}.allocatable.count`, count, 'must be greater than or equal to 0'));
  if (names.has(driver.name)) errors.push(duplicate(`${path}.name`, driver.name));
  names.add(driver.name);
  errors.push(...validateTopologyKeys(driver.topologyKeys, path));
  return errors;
}

/** Upstream ValidateCSINode: the name is a node name, every driver valid. */
export function validateCSINode(node: CSINode): FieldError[] {
  const errors = validateObjectMeta(node.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const names = new Set<string>();
  (node.spec?.drivers ?? []).forEach((driver, i) => errors.push(...validateDriver(driver, `spec.drivers[${i}]`, names)));
  return errors;
}

/** Upstream ValidateCSINodeUpdate: drivers may come and go, but an entry kept under its name may not change. */
export function validateCSINodeUpdate(node: CSINode, old: CSINode): FieldError[] {
  const errors = validateCSINode(node);
  for (const oldDriver of old.spec?.drivers ?? []) {
    for (const driver of node.spec?.drivers ?? []) {
      if (driver.name === oldDriver.name && canonicalJson(driver) !== canonicalJson(oldDriver)) errors.push(invalid('CSINodeDriver', driver, 'field is immutable'));
    }
  }
  return errors;
}

/** The CSINode resource: `csinodes`; delete returns the object. */
export const csiNodeDefinition: ResourceDefinition<CSINode> = {
  group: 'storage.k8s.io',
  version: 'v1',
  kind: 'CSINode',
  listKind: 'CSINodeList',
  resource: 'csinodes',
  singular: 'csinode',
  namespaced: false,
  schema: CSINodeSchema,
  definitionName: `${STORAGE_V1}.CSINode`,
  verbs: ALL_VERBS,
  strategy: { validate: validateCSINode, validateUpdate: validateCSINodeUpdate },
  tableColumns: [
    nameColumn(),
    { definition: columnDefinition('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node'), cell: (n) => n.spec?.drivers?.length ?? 0 },
    ageColumn(),
  ],
  deleteReturnsObject: true,
};
