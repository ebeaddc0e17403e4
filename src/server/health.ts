// /livez, /readyz, /healthz (1-conventions: health endpoints): named checks, `verbose`, `exclude`,
// single checks at /<endpoint>/<check>. The status code is what machines read; the text is for people.
import type { RequestContext } from '../endpoints/context.js';
import { writePageNotFound, writeRaw } from '../endpoints/responses.js';

export interface HealthCheck {
  name: string;
  /** Resolves when healthy; rejects (with a reason kept out of the response) when not. */
  check(): Promise<void> | void;
}

/** Whether a check passes (its rejection reason stays out of responses). */
export async function passes(check: HealthCheck): Promise<boolean> {
  try {
    await check.check();
    return true;
  } catch {
    return false;
  }
}

export async function serveHealth(ctx: RequestContext, endpoint: 'livez' | 'readyz' | 'healthz', checks: readonly HealthCheck[], single: string): Promise<void> {
  const text = 'text/plain; charset=utf-8';
  if (single) {
    const check = checks.find((c) => c.name === single);
    if (!check) {
      writePageNotFound(ctx);
      return;
    }
    const ok = await passes(check);
    writeRaw(ctx, ok ? 200 : 500, text, ok ? 'ok' : `internal server error: ${check.name} check failed\n`);
    return;
  }
  const query = ctx.query;
  const excluded = new Set(query.getAll('exclude').flatMap((e) => e.split(',')));
  const lines: string[] = [];
  let failed = false;
  for (const check of checks) {
    if (excluded.has(check.name)) {
      lines.push(`[+]${check.name} excluded: ok`);
      continue;
    }
    const ok = await passes(check);
    failed ||= !ok;
    lines.push(ok ? `[+]${check.name} ok` : `[-]${check.name} failed: reason withheld`);
  }
  // upstream handleRootHealth: names that match no check are reported, sorted and quoted.
  const unmatched = [...excluded].filter((name) => !checks.some((c) => c.name === name)).sort();
  if (unmatched.length > 0) lines.push(`warn: some health checks cannot be excluded: no matches for ${unmatched.map((name) => JSON.stringify(name)).join(',')}`);
  const verbose = query.has('verbose') && query.get('verbose') !== 'false';
  if (failed) {
    writeRaw(ctx, 500, text, `${lines.join('\n')}\n${endpoint} check failed\n`);
    return;
  }
  writeRaw(ctx, 200, text, verbose ? `${lines.join('\n')}\n${endpoint} check passed\n` : 'ok');
}
