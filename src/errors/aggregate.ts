/**
 * Several errors as upstream's utilerrors.NewAggregate prints them: one alone, several as `[a, b]`;
 * a message repeated is printed once (and alone when it is the only one).
 */
export function aggregateMessage(errors: readonly string[]): string {
  const distinct = [...new Set(errors)];
  return distinct.length === 1 ? distinct[0]! : `[${distinct.join(', ')}]`;
}
