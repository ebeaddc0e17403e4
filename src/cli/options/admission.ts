// Admission (upstream kube-apiserver AdmissionOptions): which admission plugins run, by upstream name.
import { FlagError, intFlag, stringFlag, stringsFlag } from '../flag-set.js';
import type { OptionGroup } from './option-group.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { admissionSelectionErrors, ALL_ORDERED_PLUGINS, DEFAULT_ON_PLUGINS } from '../../admission/plugin-names.js';
import { IMPLEMENTED_ADMISSION_PLUGINS } from '../../admission/registry.js';

const defaultOn = ALL_ORDERED_PLUGINS.filter((name) => DEFAULT_ON_PLUGINS.has(name)).join(', ');
const registered = [...ALL_ORDERED_PLUGINS].sort().join(', ');

const flags = {
  disableAdmissionPlugins: stringsFlag('disable-admission-plugins',
    `admission plugins that should be disabled although they are in the default enabled plugins list (${defaultOn}). Comma-delimited list of admission plugins: ${registered}. The order of plugins in this flag does not matter.`),
  enableAdmissionPlugins: stringsFlag('enable-admission-plugins',
    `admission plugins that should be enabled in addition to default enabled ones (${defaultOn}). Comma-delimited list of admission plugins: ${registered}. The order of plugins in this flag does not matter.`),
  admissionControlConfigFile: stringFlag('admission-control-config-file', '', 'File with admission control configuration.'),
  defaultNotReadyTolerationSeconds: intFlag('default-not-ready-toleration-seconds', 300,
    'the tolerationSeconds of the not-ready:NoExecute toleration DefaultTolerationSeconds gives every pod without one.'),
  defaultUnreachableTolerationSeconds: intFlag('default-unreachable-toleration-seconds', 300,
    'the tolerationSeconds of the unreachable:NoExecute toleration DefaultTolerationSeconds gives every pod without one.'),
};

export interface AdmissionOptions {
  readonly enableAdmissionPlugins: readonly string[];
  readonly disableAdmissionPlugins: readonly string[];
  readonly admissionControlConfigFile: string;
  readonly tolerationSeconds: { readonly notReadySeconds: number; readonly unreachableSeconds: number };
}

export const admission: OptionGroup<typeof flags, AdmissionOptions> = {
  flags,
  resolve(values, _changed, validate) {
    const selection = { enable: values.enableAdmissionPlugins, disable: values.disableAdmissionPlugins };
    const errors = validate ? admissionSelectionErrors(selection, IMPLEMENTED_ADMISSION_PLUGINS) : [];
    if (errors.length > 0) throw new FlagError(aggregateMessage(errors));
    return {
      enableAdmissionPlugins: values.enableAdmissionPlugins,
      disableAdmissionPlugins: values.disableAdmissionPlugins,
      admissionControlConfigFile: values.admissionControlConfigFile,
      tolerationSeconds: { notReadySeconds: values.defaultNotReadyTolerationSeconds, unreachableSeconds: values.defaultUnreachableTolerationSeconds },
    };
  },
  serverOptions: (o) => ({
    ...(o.enableAdmissionPlugins.length > 0 ? { enableAdmissionPlugins: o.enableAdmissionPlugins } : {}),
    ...(o.disableAdmissionPlugins.length > 0 ? { disableAdmissionPlugins: o.disableAdmissionPlugins } : {}),
    ...(o.admissionControlConfigFile ? { admissionControlConfigFile: o.admissionControlConfigFile } : {}),
    ...(o.tolerationSeconds.notReadySeconds !== 300 || o.tolerationSeconds.unreachableSeconds !== 300 ? { defaultTolerationSeconds: o.tolerationSeconds } : {}),
  }),
};
