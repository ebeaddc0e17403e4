// PodTemplate (core v1, namespaced; `podtemplates`): upstream podtemplate strategy (generation tracked,
// bumped when the template changes) and ValidatePodTemplate / ValidatePodTemplateUpdate, and the table
// NAME CONTAINERS IMAGES POD LABELS (upstream printPodTemplate, which has no Age column).
import { ALL_VERBS, type ResourceDefinition, type ValidationContext } from '../../../registry/resource-definition.js';
import type { FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { columnDefinition, nameColumn } from '../../printers/columns.js';
import { containerCells, formatLabels } from '../../printers/pod-template-cells.js';
import { CORE_V1 } from './object-reference.js';
import { defaultPodSpec } from './pod/defaults.js';
import { podValidationOptions, validatePodTemplateSpec } from './pod/validation/index.js';
import { podSpecWarnings } from './pod/warnings.js';
import type { KubeObject } from '../../meta/v1/types.js';
import { PodTemplateSchema, type PodTemplate, type PodTemplateSpec } from './schemas.generated.js';
import { dropDisabledTemplateFields } from './pod/disabled-fields.js';

export { PodTemplateSchema, type PodTemplate };

/** upstream SetObjectDefaults_PodTemplate: the template's PodSpec defaults (the template is not optional in Go). */
export function defaultPodTemplate(template: PodTemplate): void {
  const spec = ((template.template ??= {}).spec ??= { containers: [] });
  defaultPodSpec(spec);
}

/** upstream ValidatePodTemplate: metadata (names as pods'), then the template. */
export function validatePodTemplate(template: PodTemplate, context?: ValidationContext): FieldError[] {
  return [
    ...validateObjectMeta(template.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validatePodTemplateSpec(template.template ?? {}, 'template', podValidationOptions(context)),
  ];
}

/** upstream ValidatePodTemplateUpdate: metadata update rules, then the template. */
export function validatePodTemplateUpdate(template: PodTemplate, old: PodTemplate, context?: ValidationContext): FieldError[] {
  return [...validateObjectMetaUpdate(template.metadata, old.metadata), ...validatePodTemplateSpec(template.template ?? {}, 'template', podValidationOptions(context))];
}

/**
 * upstream GetWarningsForPodTemplate for a template at `prefix` (`template.`, `spec.template.`), as kinds
 * embedding one warn: on create, and on an update that changed the generation.
 */
export function templateWarnings(template: PodTemplateSpec | undefined, prefix: string, obj: KubeObject, old?: KubeObject): string[] {
  if (old && obj.metadata.generation === old.metadata.generation) return [];
  return template?.spec ? podSpecWarnings(template.spec, template.metadata, prefix) : [];
}

/** The PodTemplate resource. */
export const podTemplateDefinition: ResourceDefinition<PodTemplate> = {
  group: '',
  version: 'v1',
  kind: 'PodTemplate',
  listKind: 'PodTemplateList',
  resource: 'podtemplates',
  singular: 'podtemplate',
  namespaced: true,
  schema: PodTemplateSchema,
  definitionName: `${CORE_V1}.PodTemplate`,
  verbs: ALL_VERBS,
  defaults: defaultPodTemplate,
  strategy: {
    prepareForCreate: (t) => dropDisabledTemplateFields(t.template, undefined),
    prepareForUpdate: (t, old) => dropDisabledTemplateFields(t.template, old.template),
    warnings: (t, old) => templateWarnings(t.template, 'template.', t, old),
    validate: validatePodTemplate,
    validateUpdate: validatePodTemplateUpdate,
    tracksGeneration: true,
  },
  tableColumns: [
    nameColumn(),
    { definition: columnDefinition('Containers', 'string', 'Names of each container in the template.'), cell: (t) => containerCells(t.template?.spec?.containers).names },
    { definition: columnDefinition('Images', 'string', 'Images referenced by each container in the template.'), cell: (t) => containerCells(t.template?.spec?.containers).images },
    { definition: columnDefinition('Pod Labels', 'string', 'The labels for the pod template.'), cell: (t) => formatLabels(t.template?.metadata?.labels) },
  ],
};
