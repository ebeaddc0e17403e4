// Shuffle sharding (k8s.io/apiserver pkg/util/shufflesharding, 1.25): a flow's hash deals it a hand of
// distinct queues out of the deck, so two flows rarely share all their queues. The hash is upstream's
// hashFlowID: SHA-256 of the FlowSchema's name, a zero byte and the distinguisher, first 8 bytes little-endian.
import { createHash } from 'node:crypto';

/** upstream hashFlowID. */
export function hashFlowID(flowSchemaName: string, distinguisher: string): bigint {
  const digest = createHash('sha256').update(flowSchemaName).update(Buffer.of(0)).update(distinguisher).digest();
  return digest.readBigUInt64LE(0);
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
