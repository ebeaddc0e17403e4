// One concern's flags of `kplane serve`, as kube-apiserver keeps one options package per concern
// (SecureServingOptions, EtcdOptions, AuthenticationOptions, ...): its flag specs, the check and completion
// of their values (upstream's Validate and Complete), and what they set in startServer()'s options.
import type { ServerOptions } from '../../server/start-server.js';
import type { FlagSpecs, FlagValues } from '../flag-set.js';

export interface OptionGroup<F extends FlagSpecs, O> {
  readonly flags: F;
  /**
   * The group's options from its parsed values; `changed` names the flags given on the command line.
   * With `validate` (not for --help or --version) it throws FlagError as upstream's Validate words it.
   */
  resolve(values: FlagValues<F>, changed: ReadonlySet<string>, validate: boolean): O;
  /** What these options set in startServer()'s options. */
  serverOptions(options: O): Partial<ServerOptions>;
}

/** A string flag's value, or undefined when empty (flags whose empty default means "not set"). */
export const optional = (value: string): string | undefined => (value === '' ? undefined : value);
