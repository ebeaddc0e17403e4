// The text of a caught value for a log line or a wrapped error: an Error's message (not its stack), anything
// else as String() writes it. What Go's `%v` of an error gives where upstream formats one.

/** `error`'s message when it is an Error, else its String() form. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
