// Figures of a run, their targets, and the previous run's figures (bench/last-results.json) so that every
// figure is also printed as a ratio against the last run on this machine.
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';

/** A target on a figure. */
export interface Target {
  op: '>=' | '<=' | '<';
  value: number;
}

/** One row of the table. */
export interface Measurement {
  /** Stable key in last-results.json, e.g. `create.ratio`. */
  id: string;
  /** What was measured, for the table. */
  label: string;
  /** kplane's raw figure, e.g. `2,310 req/s`. */
  kplane: string;
  /** The side-by-side reference's raw figure, or '' when the figure is absolute. */
  reference: string;
  /** The figure judged against the target and the last run: a ratio (unit '×') or an absolute value. */
  value: number;
  unit: '×' | 'ms' | 'µs' | 'B' | 'KB' | 'MB' | 'per event';
  target?: Target;
  /** True when a bigger value is better (throughput ratios); false for times, sizes, time ratios. */
  higherIsBetter: boolean;
  /** Raw numbers kept in the results file for context. */
  raw: Record<string, number>;
}

/** The saved form of a run. */
export interface SavedResults {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  figures: Record<string, { value: number; raw: Record<string, number> }>;
}

/** The previous run's results, or undefined when there are none (or the file is unreadable). */
export function loadResults(path: string): SavedResults | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as SavedResults;
  } catch {
    return undefined;
  }
}

/** Saves this run's figures, merged over the previous ones (a partial run keeps the other figures). */
export async function saveResults(path: string, measurements: readonly Measurement[], previous: SavedResults | undefined): Promise<void> {
  const figures = { ...(previous?.figures ?? {}) };
  for (const m of measurements) figures[m.id] = { value: m.value, raw: m.raw };
  const saved: SavedResults = { date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, figures };
  await writeFile(path, JSON.stringify(saved, null, 2) + '\n');
}

/** Whether `value` meets `target`. */
export function meets(value: number, target: Target): boolean {
  if (target.op === '>=') return value >= target.value;
  if (target.op === '<=') return value <= target.value;
  return value < target.value;
}

/** This run's figure over the last run's (for times, >1 means slower); undefined without a last run. */
export function againstPrevious(m: Measurement, previous: SavedResults | undefined): number | undefined {
  const before = previous?.figures[m.id]?.value;
  return before === undefined || before === 0 ? undefined : m.value / before;
}

/** The 1-minute load average over the core count: above 1 the machine was busy with more than this bench. */
export function loadPerCore(): number {
  return (loadavg()[0] ?? 0) / Math.max(1, cpus().length);
}
