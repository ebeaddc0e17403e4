// ControllerRevision (apps/v1, namespaced; `controllerrevisions`): the immutable snapshots StatefulSet
// and DaemonSet controllers keep of their templates. Upstream controllerrevision strategy (nothing
// reset, no generation) and ValidateControllerRevision* (1.25): `data` required and immutable,
// `revision` not negative. Table NAME CONTROLLER REVISION AGE (tables.ts).
import { invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { GoLiteral } from '../../../errors/field-errors.js';
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { nameIsDNSSubdomain, validateNonnegativeField, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { semanticEqual } from '../../core/v1/pod/validation/common.js';
import { controllerRevisionColumns } from './tables.js';
import { ControllerRevisionSchema, type ControllerRevision } from './schemas.generated.js';

export { ControllerRevisionSchema, type ControllerRevision };

/** upstream ValidateControllerRevision. */
export function validateControllerRevision(revision: ControllerRevision): FieldError[] {
  const errors = validateObjectMeta(revision.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  if (revision.data === undefined || revision.data === null) errors.push(required('data', 'data is mandatory'));
  return [...errors, ...validateNonnegativeField(revision.revision, 'revision')];
}

/**
 * %#v of the data as upstream holds it (a *runtime.Unknown with the raw JSON bytes), as the
 * immutability error prints it.
 */
function goData(data: unknown): GoLiteral {
  const bytes = [...Buffer.from(JSON.stringify(data) ?? '')].map((b) => `0x${b.toString(16)}`).join(', ');
  return new GoLiteral(`runtime.Unknown{TypeMeta:runtime.TypeMeta{APIVersion:"", Kind:""}, Raw:[]uint8{${bytes}}, ContentEncoding:"", ContentType:""}`);
}

/** upstream ValidateControllerRevisionUpdate: metadata, the revision as on create, and `data` unchanged. */
export function validateControllerRevisionUpdate(revision: ControllerRevision, old: ControllerRevision): FieldError[] {
  const errors = [...validateObjectMetaUpdate(revision.metadata, old.metadata), ...validateControllerRevision(revision)];
  if (!semanticEqual(revision.data ?? null, old.data ?? null)) errors.push(invalid('data', goData(revision.data), 'field is immutable'));
  return errors;
}

/** The ControllerRevision resource. */
export const controllerRevisionDefinition: ResourceDefinition<ControllerRevision> = {
  group: 'apps',
  version: 'v1',
  kind: 'ControllerRevision',
  listKind: 'ControllerRevisionList',
  resource: 'controllerrevisions',
  singular: 'controllerrevision',
  namespaced: true,
  schema: ControllerRevisionSchema,
  definitionName: 'io.k8s.api.apps.v1.ControllerRevision',
  verbs: ALL_VERBS,
  strategy: {
    validate: validateControllerRevision,
    validateUpdate: validateControllerRevisionUpdate,
  },
  tableColumns: controllerRevisionColumns,
};
