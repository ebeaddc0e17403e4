// One webhook of a configuration as the dispatchers read it (upstream webhook.WebhookAccessor): the
// stored, defaulted webhook with its configuration's name, a uid unique across configurations, and its
// selectors parsed once (a selector upstream's 1.25 validation let through fails the calls that need it).
import type { MutatingWebhook, MutatingWebhookConfiguration, ValidatingWebhook, ValidatingWebhookConfiguration } from '../../apis/admissionregistration/v1/schemas.generated.js';
import { internalError, isStatusError, type StatusError } from '../../errors/status-error.js';
import { labelSelectorFromObject, type LabelSelector, type LabelSelectorObject } from '../../registry/selectors/index.js';

/** A webhook of either kind; a validating one has no reinvocationPolicy. */
export type AnyWebhook = MutatingWebhook | ValidatingWebhook;

export class WebhookAccessor {
  #namespaceSelector?: LabelSelector | StatusError;
  #objectSelector?: LabelSelector | StatusError;

  constructor(
    /** `<configuration>/<webhook>/<n>`, n counting webhooks of that name in the configuration (upstream's uid). */
    readonly uid: string,
    readonly configurationName: string,
    readonly hook: Readonly<AnyWebhook>,
  ) {}

  get name(): string {
    return this.hook.name;
  }

  /** The parsed namespaceSelector, or the internal error of one that does not parse. */
  namespaceSelector(): LabelSelector | StatusError {
    return (this.#namespaceSelector ??= parsed(this.hook.namespaceSelector));
  }

  /** The parsed objectSelector, or the internal error of one that does not parse. */
  objectSelector(): LabelSelector | StatusError {
    return (this.#objectSelector ??= parsed(this.hook.objectSelector));
  }
}

/** upstream LabelSelectorAsSelector behind GetParsed*Selector: an unset selector (stored before defaults) selects everything. */
function parsed(selector: LabelSelectorObject | undefined): LabelSelector | StatusError {
  try {
    return labelSelectorFromObject(selector ?? {});
  } catch (error) {
    return internalError(isStatusError(error) ? error.message : String(error));
  }
}

/**
 * The webhooks of `configurations` in the order upstream calls them: configurations by name, then each one's
 * webhooks in order (upstream mutatingWebhookAccessors / validatingWebhookAccessors).
 */
export function webhookAccessors(configurations: readonly Readonly<MutatingWebhookConfiguration | ValidatingWebhookConfiguration>[]): WebhookAccessor[] {
  const sorted = [...configurations].sort((a, b) => compareNames(a.metadata.name ?? '', b.metadata.name ?? ''));
  const accessors: WebhookAccessor[] = [];
  for (const config of sorted) {
    const configName = config.metadata.name ?? '';
    const seen = new Map<string, number>();
    for (const hook of config.webhooks ?? []) {
      const n = seen.get(hook.name) ?? 0;
      seen.set(hook.name, n + 1);
      accessors.push(new WebhookAccessor(`${configName}/${hook.name}/${n}`, configName, hook));
    }
  }
  return accessors;
}

/** Go's string order (bytes; names are ASCII). */
const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
