// Controllers (kube-controller-manager's GenericControllerManagerConfigurationOptions): which in-process
// controllers run, by kube-controller-manager's names (controllers/selection.ts).
import { FlagError, stringsFlag } from '../flag-set.js';
import type { OptionGroup } from './option-group.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { controllerSelectionErrors, CONTROLLERS_DISABLED_BY_DEFAULT, DEFAULT_CONTROLLERS, KNOWN_CONTROLLERS } from '../../controllers/selection.js';

const flags = {
  controllers: stringsFlag('controllers',
    `A list of controllers to enable. '*' enables all on-by-default controllers, 'foo' enables the controller named 'foo', '-foo' disables the controller named 'foo'.\nAll controllers: ${[...KNOWN_CONTROLLERS].sort().join(', ')}\nDisabled-by-default controllers: ${[...CONTROLLERS_DISABLED_BY_DEFAULT].sort().join(', ')}`,
    DEFAULT_CONTROLLERS),
};

export interface ControllersOptions {
  /** `--controllers`. */
  readonly controllers: readonly string[];
}

export const controllers: OptionGroup<typeof flags, ControllersOptions> = {
  flags,
  resolve(values, _changed, validate) {
    const errors = validate ? controllerSelectionErrors(values.controllers) : [];
    if (errors.length > 0) throw new FlagError(aggregateMessage(errors));
    return { controllers: values.controllers };
  },
  serverOptions: (o) => ({ controllers: o.controllers }),
};
