// Owners verified absent (upstream's absentOwnerCache, an LRU of 500 in 1.25): a uid never comes back, so
// the dependents of one deleted owner cost one lookup of it, not one each. Keyed, as upstream's, by the
// namespace the owner was looked for in ('' for a cluster-scoped owner) and its uid.
const CAPACITY = 500;

export class AbsentOwners {
  /** In order of use, least recent first. */
  readonly #keys = new Set<string>();

  constructor(private readonly capacity = CAPACITY) {}

  has(namespace: string, uid: string): boolean {
    const key = `${namespace}/${uid}`;
    if (!this.#keys.has(key)) return false;
    this.#touch(key);
    return true;
  }

  add(namespace: string, uid: string): void {
    this.#touch(`${namespace}/${uid}`);
    if (this.#keys.size > this.capacity) this.#keys.delete(this.#keys.values().next().value as string);
  }

  #touch(key: string): void {
    this.#keys.delete(key);
    this.#keys.add(key);
  }
}
