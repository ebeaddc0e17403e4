// /livez, /readyz, /healthz (1-conventions: health endpoints): named checks, `verbose`, `exclude`,
// single checks at /<endpoint>/<check>. The status code is what machines read; the text is for people.
import type { RequestContext } from '../endpoints/context.js';
import { writePageNotFound, writeRaw } from '../endpoints/responses.js';
import { goQuote } from '../registry/selectors/go-format.js';
import { errorMessage } from '../errors/error-message.js';

export interface HealthCheck {
  name: string;
  /** Resolves when healthy; rejects (with a reason kept out of the response) when not. */
  check(): Promise<void> | void;
}

/** Whether a check passes (its rejection reason stays out of responses). */
export async function passes(check: HealthCheck): Promise<boolean> {
  return (await checkError(check)) === undefined;
}

/** The check's failure as `%v` prints it (undefined when it passes). */
async function checkError(check: HealthCheck): Promise<string | undefined> {
  try {
    await check.check();
    return undefined;
  } catch (error) {
    return errorMessage(error);
  }
}

/** upstream handleRootHealth and adaptCheckToHandler (k8s.io/apiserver/pkg/server/healthz). */
export async function serveHealth(ctx: RequestContext, endpoint: 'livez' | 'readyz' | 'healthz', checks: readonly HealthCheck[], single: string): Promise<void> {
  const text = 'text/plain; charset=utf-8';
  if (single) {
    const check = checks.find((c) => c.name === single);
    if (!check) {
      writePageNotFound(ctx);
      return;
    }
    // A single check is for those allowed to see it: upstream prints the check's own error.
    const error = await checkError(check);
    writeRaw(ctx, error === undefined ? 200 : 500, text, error === undefined ? 'ok' : `internal server error: ${error}\n`);
    return;
  }
  const query = ctx.query;
  // upstream getExcludedChecks: each `exclude` value is one name, taken whole (no comma splitting).
  const excluded = new Set(query.getAll('exclude'));
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
  if (unmatched.length > 0) lines.push(`warn: some health checks cannot be excluded: no matches for ${unmatched.map(goQuote).join(',')}`);
  if (failed) {
    writeRaw(ctx, 500, text, `${lines.join('\n')}\n${endpoint} check failed\n`);
    return;
  }
  // upstream: `verbose` present is verbose, whatever its value (`?verbose=false` too).
  writeRaw(ctx, 200, text, query.has('verbose') ? `${lines.join('\n')}\n${endpoint} check passed\n` : 'ok');
}
