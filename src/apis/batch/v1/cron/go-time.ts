// Go's time.LoadLocation as a CronJob schedule reaches it (for `TZ=`/`CRON_TZ=` prefixes and `spec.timeZone`),
// answering only what upstream's validation reads: whether it fails, and with which message (Go 1.19,
// kube-apiserver 1.25). time.ParseDuration (`@every`) is schema/go-duration.ts.

/** Whether the IANA database (as the ICU data Node carries) names `name`, with Go's case-sensitive lookup. */
function knownZone(name: string): boolean {
  // ICU also accepts UTC offsets (`+05:00`), which are no zoneinfo file names.
  if (/^[+-]|:/.test(name)) return false;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  // ICU matches names regardless of case; zoneinfo file names do not (`utc` is no zone for Go).
  return canonical === name || canonical.toLowerCase() !== name.toLowerCase();
}

/**
 * Go's time.LoadLocation: undefined when `name` loads (``, `UTC`, `Local`, a zoneinfo name), else Go's
 * error text (`unknown time zone X`, `time: invalid location name`).
 */
export function goLoadLocationError(name: string): string | undefined {
  if (name === '' || name === 'UTC' || name === 'Local') return undefined;
  if (name.includes('..') || name.startsWith('/') || name.startsWith('\\')) return 'time: invalid location name';
  return knownZone(name) ? undefined : `unknown time zone ${name}`;
}
