// Go's strconv.ParseBool: the spellings Go's flags and component configs accept for booleans.

/** `1 t T true TRUE True` and `0 f F false FALSE False`; anything else is Go's error. */
export function parseGoBool(raw: string): boolean {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(raw)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(raw)) return false;
  throw new Error(`strconv.ParseBool: parsing ${JSON.stringify(raw)}: invalid syntax`);
}
