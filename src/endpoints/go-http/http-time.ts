// HTTP dates as Go's net/http writes and reads them (http.TimeFormat, http.ParseTime): what ServeContent
// puts in Last-Modified and compares with If-Modified-Since, If-Unmodified-Since and If-Range.

/** http.TimeFormat of a time (RFC 7231's IMF-fixdate, which is also what toUTCString writes). */
export function formatHttpTime(time: Date): string {
  return time.toUTCString();
}

const SHORT_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const LONG_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Go's time.Parse layouts of http.ParseTime, in its order: TimeFormat, time.RFC850, time.ANSIC. Day and month
// names match in any case; the hour may have one digit (layout `15`), minutes and seconds have two.
const IMF_FIXDATE = /^([A-Za-z]{3}), (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 = /^([A-Za-z]+), (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{3,5})$/;
const ANSIC = /^([A-Za-z]{3}) ([A-Za-z]{3}) {1,2}(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) (\d{4})$/;

/** http.ParseTime: seconds since the epoch, or undefined where Go returns an error. */
export function parseHttpTime(text: string): number | undefined {
  let m = IMF_FIXDATE.exec(text);
  if (m) return m[1] && SHORT_DAYS.includes(m[1].toLowerCase()) ? utcSeconds(m[4]!, m[3]!, m[2]!, m[5]!, m[6]!, m[7]!) : undefined;
  m = RFC850.exec(text);
  if (m) {
    if (!LONG_DAYS.includes(m[1]!.toLowerCase())) return undefined;
    // Go's two-digit years: 69-99 are 19xx, 00-68 are 20xx. The zone is an abbreviation Go cannot place: UTC.
    const yy = Number(m[4]);
    return utcSeconds(String(yy >= 69 ? 1900 + yy : 2000 + yy), m[3]!, m[2]!, m[5]!, m[6]!, m[7]!);
  }
  m = ANSIC.exec(text);
  if (m) return SHORT_DAYS.includes(m[1]!.toLowerCase()) ? utcSeconds(m[7]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]!) : undefined;
  return undefined;
}

/** The time in seconds, or undefined where Go's range checks fail (hour 24, day 31 of April, ...). */
function utcSeconds(year: string, month: string, day: string, hour: string, minute: string, second: string): number | undefined {
  const monthIndex = MONTHS.indexOf(month.toLowerCase());
  const [y, d, h, min, s] = [Number(year), Number(day), Number(hour), Number(minute), Number(second)];
  if (monthIndex < 0 || h > 23 || min > 59 || s > 59 || d < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate();
  if (d > daysInMonth) return undefined;
  const ms = Date.UTC(y, monthIndex, d, h, min, s);
  // Date.UTC maps years 0-99 to 1900-1999; Go's four-digit years are taken as written.
  const date = new Date(ms);
  if (y < 100) date.setUTCFullYear(y);
  return Math.floor(date.getTime() / 1000);
}
