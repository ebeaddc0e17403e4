// Label sets shared between cached objects. Objects of one workload mostly carry identical labels (every
// pod of a ReplicaSet, every ConfigMap of a release); the cache keeps one frozen copy of each distinct set
// instead of one per object. Entries are weak: a set no cached object holds any more is collected.

type Labels = Readonly<Record<string, string>>;

const sets = new Map<string, WeakRef<Labels>>();
const forget = new FinalizationRegistry<string>((key) => {
  // A newer set under the same key may have replaced the collected one.
  if (sets.get(key)?.deref() === undefined) sets.delete(key);
});

/** The shared, frozen label set equal to `labels` (same keys and values, in the same order). */
export function sharedLabels(labels: Record<string, string>): Labels {
  const key = JSON.stringify(labels);
  const known = sets.get(key)?.deref();
  if (known !== undefined) return known;
  const frozen = Object.freeze(labels);
  sets.set(key, new WeakRef(frozen));
  forget.register(frozen, key);
  return frozen;
}
