// Age-style cells of `kubectl get`, rendered on the server exactly as upstream's printers do
// (apimachinery `duration.HumanDuration` and the printers' `translateTimestampSince`).
import { isZeroTime } from '../meta/v1/time.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Go's integer division of durations truncates toward zero. */
const whole = (ms: number, unit: number): number => Math.trunc(ms / unit);

function shortDuration(ms: number): string | undefined {
  const seconds = whole(ms, SECOND);
  // Up to 2 seconds in the future still reads as "now": clocks of clients and servers drift.
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = whole(ms, MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  return undefined;
}

function longDuration(ms: number): string {
  const hours = whole(ms, HOUR);
  if (hours < 8) {
    const m = whole(ms, MINUTE) % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${days}d` : `${days}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) {
    const dy = days % 365;
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${years}y`;
}

/** A duration in milliseconds as upstream's HumanDuration renders it: `5s`, `3m2s`, `4h`, `2d3h`, `3y10d`. */
export function humanDuration(ms: number): string {
  return shortDuration(ms) ?? longDuration(ms);
}

/** upstream translateTimestampSince: `<unknown>` for a zero timestamp, else the human age at `now`. */
export function translateTimestampSince(timestamp: unknown, now: Date): string {
  if (isZeroTime(timestamp)) return '<unknown>';
  return humanDuration(now.getTime() - Date.parse(timestamp as string));
}
