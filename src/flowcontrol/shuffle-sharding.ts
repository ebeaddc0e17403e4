// Shuffle sharding (k8s.io/apiserver pkg/util/shufflesharding, 1.25): a flow's hash deals it a hand of
// distinct queues out of the deck, so two flows rarely share all their queues. The hash is upstream's
// hashFlowID: SHA-256 of the FlowSchema's name, a zero byte and the distinguisher, first 8 bytes little-endian.
import { createHash } from 'node:crypto';

/** Hashes already made, by FlowSchema then distinguisher: a SHA-256 per request costs more than the rest of the dealing. */
const hashes = new Map<string, Map<string, bigint>>();
const MAX_CACHED_FLOWS = 4096;

/** upstream hashFlowID. */
export function hashFlowID(flowSchemaName: string, distinguisher: string): bigint {
  let byDistinguisher = hashes.get(flowSchemaName);
  if (!byDistinguisher) hashes.set(flowSchemaName, (byDistinguisher = new Map()));
  let hash = byDistinguisher.get(distinguisher);
  if (hash === undefined) {
    if (byDistinguisher.size >= MAX_CACHED_FLOWS) byDistinguisher.clear();
    hash = createHash('sha256').update(flowSchemaName).update(Buffer.of(0)).update(distinguisher).digest().readBigUInt64LE(0);
    byDistinguisher.set(distinguisher, hash);
  }
  return hash;
}

/** upstream Dealer.Deal: `handSize` distinct card indexes in [0, deckSize), from the hash's mixed-radix digits. */
export function dealHand(hash: bigint, deckSize: number, handSize: number): number[] {
  const remainders: number[] = [];
  let value = hash;
  for (let i = 0; i < handSize; i++) {
    const radix = BigInt(deckSize - i);
    remainders.push(Number(value % radix));
    value /= radix;
  }
  // Each pick skips the cards dealt before it, as upstream's second loop does.
  return remainders.map((remainder, i) => {
    let card = remainder;
    for (let j = i; j > 0; j--) if (card >= remainders[j - 1]!) card++;
    return card;
  });
}
