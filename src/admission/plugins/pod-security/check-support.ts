// What the Pod Security Standards' checks share (baseline-checks.ts, restricted-checks.ts): the violation a check
// returns, and helpers as upstream's policy/helpers.go and visitor.go.
import type { ObjectMeta } from '../../../apis/meta/v1/types.js';
import type { Container, PodSpec } from '../../../apis/core/v1/schemas.generated.js';
import { goQuote } from '../../../registry/selectors/go-format.js';

/** A failed check: `reason` is always shown, `detail` (may be empty) in parentheses for a single pod. */
export interface Violation {
  readonly reason: string;
  readonly detail: string;
}

/** Checks a pod (or a pod template): undefined when allowed. */
export type CheckPod = (meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>) => Violation | undefined;

/** `"a", "b"` (upstream joinQuote: Go's %q of each, joined). */
export const joinQuote = (items: readonly string[]): string => items.map(goQuote).join(', ');

export const pluralize = (singular: string, plural: string, count: number): string => (count === 1 ? singular : plural);

/** A sorted, de-duplicated list (upstream sets.String.List()). */
export const sortedSet = (items: Iterable<string>): string[] => [...new Set(items)].sort(byteOrder);

/** Go's string order (bytes of UTF-8; the same as UTF-16 code units outside the surrogates). */
export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** upstream visitContainers: init containers, containers, then ephemeral containers. */
export function visitContainers(spec: Readonly<PodSpec>, visit: (container: Readonly<Container>) => void): void {
  for (const c of spec.initContainers ?? []) visit(c);
  for (const c of spec.containers ?? []) visit(c);
  for (const c of spec.ephemeralContainers ?? []) visit(c as Container);
}

export const nameOf = (c: Readonly<Container>): string => c.name ?? '';

/** `container "a"` / `containers "a", "b"`. */
export const containersPhrase = (names: readonly string[]): string => `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;

export const isWindowsPod = (spec: Readonly<PodSpec>): boolean => spec.os?.name === 'windows';

export const violation = (reason: string, detail = ''): Violation => ({ reason, detail });

/** A seccompProfile.type both levels accept. */
export const validSeccompType = (type: string | undefined): boolean => type === 'Localhost' || type === 'RuntimeDefault';
