// API enablement (upstream APIEnablementOptions): which built-in group-versions and resources are served.
import { stringsFlag } from '../flag-set.js';
import type { OptionGroup } from './option-group.js';

const flags = {
  runtimeConfig: stringsFlag('runtime-config',
    'A set of key=value pairs that enable or disable built-in APIs. Supported options are: v1=true|false for the core API group; <group>/<version>=true|false for a specific API group and version (e.g. apps/v1=true); api/all=true|false controls all API versions; api/ga=true|false controls all API versions of the form v[0-9]+; api/beta=true|false controls all API versions of the form v[0-9]+beta[0-9]+; api/alpha=true|false controls all API versions of the form v[0-9]+alpha[0-9]+'),
};

export interface ApiEnablementOptions {
  /** `--runtime-config` key=value pairs. */
  readonly runtimeConfig: readonly string[];
}

export const apiEnablement: OptionGroup<typeof flags, ApiEnablementOptions> = {
  flags,
  resolve: (values) => ({ runtimeConfig: values.runtimeConfig }),
  serverOptions: (o) => ({ runtimeConfig: o.runtimeConfig }),
};
