// The results table, in Markdown so it can go into the README as printed.
import { againstPrevious, meets, type Measurement, type SavedResults } from './results.js';
import { fmt } from './stats.js';

/** Renders the measurements with target, verdict and the ratio against the last run. */
export function renderTable(measurements: readonly Measurement[], previous: SavedResults | undefined): string {
  const header = ['Scenario', 'kplane', 'Reference (same run)', 'Figure', 'Target', 'Met', 'vs last run'];
  const rows = measurements.map((m) => [
    m.label,
    m.kplane,
    m.reference || '—',
    figure(m.value, m.unit),
    m.target ? `${m.target.op} ${figure(m.target.value, m.unit)}` : '—',
    m.target ? (meets(m.value, m.target) ? 'yes' : '**no**') : '—',
    trend(m, previous),
  ]);
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

function figure(value: number, unit: Measurement['unit']): string {
  if (unit === '×') return `${fmt(value)}×`;
  if (unit === 'per event') return `${fmt(value)} per event`;
  return `${fmt(value, unit === 'KB' || unit === 'µs' ? 2 : unit === 'B' ? 0 : 1)} ${unit}`;
}

/** `1.04× (better)`: this run's figure over the last one's, said in terms of better or worse. */
function trend(m: Measurement, previous: SavedResults | undefined): string {
  const r = againstPrevious(m, previous);
  if (r === undefined) return '— (first run)';
  if (Math.abs(r - 1) < 0.03) return `${fmt(r)}× (same)`;
  const better = m.higherIsBetter ? r > 1 : r < 1;
  return `${fmt(r)}× (${better ? 'better' : 'worse'})`;
}
