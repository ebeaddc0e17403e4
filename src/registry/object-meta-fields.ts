// System-populated metadata (upstream rest.FillObjectMetaSystemFields and generateName).
import { randomUUID } from 'node:crypto';
import { nowTimestamp } from '../apis/meta/v1/time.js';
import type { KubeObject } from '../apis/meta/v1/types.js';

export { nowTimestamp };


const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789'; // upstream utilrand: no vowels, no confusable digits
const GENERATED_SUFFIX_LENGTH = 5;
const MAX_GENERATED_PREFIX = 63 - GENERATED_SUFFIX_LENGTH;

/** `generateName` + 5 random characters, the prefix trimmed as upstream's SimpleNameGenerator does. */
export function generateName(base: string): string {
  const prefix = base.length > MAX_GENERATED_PREFIX ? base.slice(0, MAX_GENERATED_PREFIX) : base;
  // Not a secret: upstream draws these from math/rand too. A crypto read per name cost ~8 µs per create.
  let suffix = '';
  for (let i = 0; i < GENERATED_SUFFIX_LENGTH; i++) suffix += ALPHANUMS[Math.floor(Math.random() * ALPHANUMS.length)];
  return prefix + suffix;
}

/** Set uid, creationTimestamp, and clear what clients may not set on create. */
export function fillSystemFieldsOnCreate(obj: KubeObject, now: Date): void {
  const meta = obj.metadata;
  meta.uid = randomUUID();
  meta.creationTimestamp = nowTimestamp(now);
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  delete meta.selfLink;
}

/** Carry over on update what only the system sets (the uid only when none is given). */
export function keepSystemFieldsOnUpdate(obj: KubeObject, old: KubeObject): void {
  const meta = obj.metadata;
  const oldMeta = old.metadata;
  // Upstream BeforeUpdate: the old uid when none is given; another one stays, for validation to refuse (immutable).
  if (!meta.uid) meta.uid = oldMeta.uid;
  meta.creationTimestamp = oldMeta.creationTimestamp;
  if (oldMeta.deletionTimestamp) meta.deletionTimestamp = oldMeta.deletionTimestamp;
  else delete meta.deletionTimestamp;
  if (oldMeta.deletionGracePeriodSeconds !== undefined) meta.deletionGracePeriodSeconds = oldMeta.deletionGracePeriodSeconds;
  else delete meta.deletionGracePeriodSeconds;
  if (oldMeta.generation !== undefined) meta.generation = oldMeta.generation;
  else delete meta.generation;
  delete meta.selfLink;
}
