// MutatingWebhookConfiguration and ValidatingWebhookConfiguration (admissionregistration.k8s.io/v1,
// cluster-scoped; 2-access-control "Webhook configurations"): upstream 1.25's v1 defaults
// (SetDefaults_*Webhook, SetDefaults_Rule, SetDefaults_ServiceReference), validation (validation.ts),
// the generation the strategy tracks, the `api-extensions` category, and printMutatingWebhook's table
// (NAME WEBHOOKS AGE). The admission plugins that call them are admission/webhook/.
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { validateWebhookConfiguration, validateWebhookConfigurationUpdate, type Webhook } from './validation.js';
import {
  MutatingWebhookConfigurationSchema,
  ValidatingWebhookConfigurationSchema,
  type MutatingWebhook,
  type MutatingWebhookConfiguration,
  type ValidatingWebhookConfiguration,
} from './schemas.generated.js';

export { MutatingWebhookConfigurationSchema, ValidatingWebhookConfigurationSchema, type MutatingWebhookConfiguration, type ValidatingWebhookConfiguration };

/** upstream SetDefaults_ValidatingWebhook (and the rules' and service's defaults under it). */
export function defaultWebhook(hook: Webhook): void {
  hook.failurePolicy ??= 'Fail';
  hook.matchPolicy ??= 'Equivalent';
  hook.namespaceSelector ??= {};
  hook.objectSelector ??= {};
  hook.timeoutSeconds ??= 10;
  for (const rule of hook.rules ?? []) rule.scope ??= '*';
  const service = hook.clientConfig?.service;
  if (service) service.port ??= 443;
}

/** upstream SetDefaults_MutatingWebhook: the validating defaults and `reinvocationPolicy: Never`. */
export function defaultMutatingWebhook(hook: MutatingWebhook): void {
  defaultWebhook(hook);
  hook.reinvocationPolicy ??= 'Never';
}

const GROUP = 'admissionregistration.k8s.io';

/** Both kinds' table: printMutatingWebhook and printValidatingWebhook. */
const webhookColumns = <T extends MutatingWebhookConfiguration | ValidatingWebhookConfiguration>() => [
  nameColumn<T>(),
  { definition: columnDefinition('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration'), cell: (c: T) => (c.webhooks ?? []).length },
  ageColumn<T>(),
];

/** The MutatingWebhookConfiguration resource: `mutatingwebhookconfigurations`. */
export const mutatingWebhookConfigurationDefinition: ResourceDefinition<MutatingWebhookConfiguration> = {
  group: GROUP,
  version: 'v1',
  kind: 'MutatingWebhookConfiguration',
  listKind: 'MutatingWebhookConfigurationList',
  resource: 'mutatingwebhookconfigurations',
  singular: 'mutatingwebhookconfiguration',
  categories: ['api-extensions'],
  namespaced: false,
  schema: MutatingWebhookConfigurationSchema,
  definitionName: 'io.k8s.api.admissionregistration.v1.MutatingWebhookConfiguration',
  verbs: ALL_VERBS,
  defaults: (c) => {
    for (const hook of c.webhooks ?? []) defaultMutatingWebhook(hook);
  },
  strategy: {
    tracksGeneration: true,
    validate: (c) => validateWebhookConfiguration(c, true),
    validateUpdate: (c, old) => validateWebhookConfigurationUpdate(c, old, true),
  },
  tableColumns: webhookColumns<MutatingWebhookConfiguration>(),
};

/** The ValidatingWebhookConfiguration resource: `validatingwebhookconfigurations`. */
export const validatingWebhookConfigurationDefinition: ResourceDefinition<ValidatingWebhookConfiguration> = {
  group: GROUP,
  version: 'v1',
  kind: 'ValidatingWebhookConfiguration',
  listKind: 'ValidatingWebhookConfigurationList',
  resource: 'validatingwebhookconfigurations',
  singular: 'validatingwebhookconfiguration',
  categories: ['api-extensions'],
  namespaced: false,
  schema: ValidatingWebhookConfigurationSchema,
  definitionName: 'io.k8s.api.admissionregistration.v1.ValidatingWebhookConfiguration',
  verbs: ALL_VERBS,
  defaults: (c) => {
    for (const hook of c.webhooks ?? []) defaultWebhook(hook);
  },
  strategy: {
    tracksGeneration: true,
    validate: (c) => validateWebhookConfiguration(c, false),
    validateUpdate: (c, old) => validateWebhookConfigurationUpdate(c, old, false),
  },
  tableColumns: webhookColumns<ValidatingWebhookConfiguration>(),
};
