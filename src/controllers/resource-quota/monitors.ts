// What the resourcequota controller reads usage from (upstream's QuotaMonitor, in the small): per quota'd
// resource, the objects of each namespace, and the replenishment it asks for when usage may have gone down
// (an object deleted; a pod turned terminal; a service that stopped being a NodePort or LoadBalancer). Upstream
// starts an informer of every quotable resource at start; here a resource is followed from the first time a
// quota tracks it, so a cluster without quotas follows nothing more. Pods, services and claims are read from the
// process's shared informers (the pods and claims informers are pvc-protection's too); any other resource is
// counted from the metadata of its shared reflector (the garbage collector's), keeping only names.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Pod, Service } from '../../apis/core/v1/schemas.generated.js';
import type { Informer } from '../../client/informer.js';
import type { ListWatchSubscriber } from '../../client/list-watch.js';
import type { InformerFilter } from '../../client/shared-informer-factory.js';
import type { QuotaEvaluator } from '../../quota/evaluator.js';
import { isChargedPod } from '../../quota/pods.js';
import { isIgnoredResource } from '../../quota/registry.js';
import { quotaServiceType } from '../../quota/services.js';
import type { UsageSource } from '../../quota/usage.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { ControllerContext } from '../controller-context.js';

/** As the garbage collector follows resources, so that the two share one reflector per resource. */
const METADATA_ONLY: InformerFilter = { metadataOnly: true, omitManagedFields: true };

/** GetQuotableResources: the verbs a quotable resource is served with. */
const QUOTABLE = ['create', 'list', 'watch', 'delete'] as const;

/** Tells the controller that usage of `group/resource` in `namespace` may have gone down. */
export type Replenish = (group: string, resource: string, namespace: string) => void;

/** A followed resource: its objects (or their count) per namespace, once listed. */
export interface Monitor extends UsageSource {
  readonly hasSynced: boolean;
  /** Resolves once the resource was listed. */
  synced(): Promise<void>;
  /** Whether its watch is open (for the controller's health check). */
  readonly watching: boolean;
  stop(): void;
}

/** upstream's DefaultUpdateFilter: the updates that may lower usage (pods that stop being charged, service type changes). */
function updateFilter(group: string, resource: string): ((old: Readonly<KubeObject>, now: Readonly<KubeObject>) => boolean) | undefined {
  if (group !== '') return undefined;
  if (resource === 'pods') return (old, now) => isChargedPod(old as Pod, Date.now()) && !isChargedPod(now as Pod, Date.now());
  if (resource === 'services') return (old, now) => quotaServiceType(old as Service) !== quotaServiceType(now as Service);
  return undefined;
}

/** A shared informer's objects, with replenishment on deletes and filtered updates. */
function informerMonitor(informer: Informer, def: ResourceDefinition, replenish: Replenish): Monitor {
  let stopped = false;
  const filter = updateFilter(def.group, def.resource);
  const tell = (object: Readonly<KubeObject>): void => {
    if (!stopped) replenish(def.group, def.resource, object.metadata.namespace ?? '');
  };
  informer.addHandlers({
    onDelete: tell,
    ...(filter ? { onUpdate: (old: Readonly<KubeObject>, object: Readonly<KubeObject>) => filter(old, object) && tell(object) } : {}),
  });
  return {
    get hasSynced() {
      return informer.hasSynced;
    },
    synced: () => informer.synced(),
    get watching() {
      return informer.watching;
    },
    objects: (namespace) => informer.list(namespace),
    count: (namespace) => informer.list(namespace).length,
    stop: () => void (stopped = true),
  };
}

/** The names of a resource's objects per namespace, from a metadata subscription; deletes replenish. */
class CountingMonitor implements Monitor {
  readonly #names = new Map<string, Set<string>>();
  #synced = false;
  #watching = false;
  readonly #waiters: (() => void)[] = [];
  #unsubscribe: (() => void) | undefined;

  constructor(private readonly def: ResourceDefinition, private readonly replenish: Replenish) {}

  readonly subscriber: ListWatchSubscriber = {
    onList: (objects) => {
      const before = new Map(this.#names);
      this.#names.clear();
      for (const object of objects) this.#add(object);
      // A relist after a failed watch also tells of deletions missed meanwhile.
      for (const [namespace, names] of before) {
        const now = this.#names.get(namespace);
        if ([...names].some((name) => !now?.has(name))) this.replenish(this.def.group, this.def.resource, namespace);
      }
      this.#markSynced();
    },
    onEvent: (object, type) => {
      if (type !== 'DELETED') return this.#add(object);
      const namespace = object.metadata.namespace ?? '';
      const names = this.#names.get(namespace);
      if (!names?.delete(object.metadata.name ?? '')) return;
      if (names.size === 0) this.#names.delete(namespace);
      this.replenish(this.def.group, this.def.resource, namespace);
    },
    onWatching: (watching) => (this.#watching = watching),
  };

  follow(context: ControllerContext): void {
    this.#unsubscribe = context.informers.subscribe(this.def, this.subscriber, METADATA_ONLY);
  }

  get hasSynced(): boolean {
    return this.#synced;
  }

  get watching(): boolean {
    return this.#watching;
  }

  synced(): Promise<void> {
    return this.#synced ? Promise.resolve() : new Promise((resolve) => this.#waiters.push(resolve));
  }

  objects(): readonly Readonly<KubeObject>[] {
    return [];
  }

  count(namespace: string): number {
    return this.#names.get(namespace)?.size ?? 0;
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #add(object: Readonly<KubeObject>): void {
    const namespace = object.metadata.namespace ?? '';
    let names = this.#names.get(namespace);
    if (!names) this.#names.set(namespace, (names = new Set()));
    names.add(object.metadata.name ?? '');
  }

  #markSynced(): void {
    if (this.#synced) return;
    this.#synced = true;
    for (const resolve of this.#waiters.splice(0)) resolve();
  }
}

/** The monitors of the resources quotas track, made on first use. */
export class QuotaMonitors {
  readonly #monitors = new Map<string, Monitor>();

  constructor(
    private readonly context: ControllerContext,
    private readonly definitions: () => readonly ResourceDefinition[],
    private readonly replenish: Replenish,
  ) {}

  /** The quotable served resources (GetQuotableResources): namespaced, with create, list, watch and delete. */
  quotable(): ResourceDefinition[] {
    const byResource = new Map<string, ResourceDefinition>();
    // A version without conversion reads the stored form as is (and is the one the garbage collector follows).
    const ordered = [...this.definitions()].sort((a, b) => Number(a.storage?.conversion !== undefined) - Number(b.storage?.conversion !== undefined));
    for (const def of ordered) {
      if (!def.namespaced || def.computed || isIgnoredResource(def.group, def.resource) || !QUOTABLE.every((verb) => def.verbs.includes(verb))) continue;
      const key = `${def.resource}.${def.group}`;
      if (!byResource.has(key)) byResource.set(key, def);
    }
    return [...byResource.values()];
  }

  /** The monitor of the evaluator's resource, following it from now on; undefined when the resource is not served. */
  monitor(evaluator: QuotaEvaluator): Monitor | undefined {
    const key = `${evaluator.resource}.${evaluator.group}`;
    let monitor = this.#monitors.get(key);
    if (monitor) return monitor;
    const def = this.quotable().find((d) => d.group === evaluator.group && d.resource === evaluator.resource);
    if (!def) return undefined;
    if (evaluator.countedNames) {
      const counting = new CountingMonitor(def, this.replenish);
      counting.follow(this.context);
      monitor = counting;
    } else {
      monitor = informerMonitor(this.context.informers.informerFor(def), def, this.replenish);
    }
    this.#monitors.set(key, monitor);
    return monitor;
  }

  /** Whether every monitor that listed its resource is watching it. */
  get watching(): boolean {
    return [...this.#monitors.values()].every((m) => !m.hasSynced || m.watching);
  }

  stop(): void {
    for (const monitor of this.#monitors.values()) monitor.stop();
    this.#monitors.clear();
  }
}
