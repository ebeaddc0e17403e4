// What an allocation leaves to do once the write is decided (upstream storage/transaction.go): commit
// applies deferred releases, revert gives back what was taken. Both are safe to call once.

export interface Transaction {
  commit(): Promise<void>;
  revert(): Promise<void>;
}

/** A transaction from two callbacks. */
export function callbackTransaction(callbacks: { commit?: () => Promise<void>; revert?: () => Promise<void> }): Transaction {
  return { commit: callbacks.commit ?? (async () => {}), revert: callbacks.revert ?? (async () => {}) };
}

/** Several transactions as one: commits in order, reverts in reverse order. */
export function metaTransaction(parts: readonly Transaction[]): Transaction {
  return {
    async commit() {
      for (const t of parts) await t.commit();
    },
    async revert() {
      for (const t of [...parts].reverse()) await t.revert();
    },
  };
}
