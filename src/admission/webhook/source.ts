// Where the webhook plugins find the configurations (upstream's configuration managers over informers):
// one informer per kind following its store, and the flattened, ordered webhooks rebuilt at each change.
// A request reads one array; with no configurations (the default) it is empty, and the plugins return at
// once. Changes take effect as soon as the store's watch delivers them (well within upstream's "a few
// seconds").
import { Informer, onChanges } from '../../client/informer.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { MutatingWebhookConfiguration, ValidatingWebhookConfiguration } from '../../apis/admissionregistration/v1/schemas.generated.js';
import { storeListerWatcher } from '../../registry/store-lister-watcher.js';
import type { Store } from '../../registry/store/index.js';
import { webhookAccessors, type WebhookAccessor } from './accessor.js';

const NONE: readonly WebhookAccessor[] = Object.freeze([]);

export class WebhookSource {
  /** The mutating webhooks, in call order. */
  mutating: readonly WebhookAccessor[] = NONE;
  /** The validating webhooks, in call order. */
  validating: readonly WebhookAccessor[] = NONE;
  readonly #informers: Informer[] = [];

  /** Follows the two configuration stores (either may be absent: `--runtime-config` turned the group off) until `signal` aborts. */
  start(stores: { mutating?: Store | undefined; validating?: Store | undefined }, signal: AbortSignal): void {
    if (stores.mutating) this.#follow(stores.mutating, signal, (all) => (this.mutating = webhookAccessors(all as MutatingWebhookConfiguration[])));
    if (stores.validating) this.#follow(stores.validating, signal, (all) => (this.validating = webhookAccessors(all as ValidatingWebhookConfiguration[])));
  }

  /** Resolves once every followed kind has been listed (upstream's WaitForReady). */
  async synced(): Promise<void> {
    await Promise.all(this.#informers.map((i) => i.synced()));
  }

  #follow(store: Store, signal: AbortSignal, rebuild: (all: readonly KubeObject[]) => void): void {
    const informer = new Informer(storeListerWatcher(store));
    // Rebuilt on the next turn after a batch of changes, once for the batch.
    onChanges([informer], () => rebuild(informer.list()));
    informer.run(signal);
    this.#informers.push(informer);
  }
}
