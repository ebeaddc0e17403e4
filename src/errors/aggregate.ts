/** Several errors as upstream's utilerrors.NewAggregate prints them: one alone, several as `[a, b]`. */
export const aggregateMessage = (errors: readonly string[]): string => (errors.length === 1 ? errors[0]! : `[${errors.join(', ')}]`);
