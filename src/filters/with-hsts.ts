// upstream WithHSTS (`--strict-transport-security-directives`): every response of the chain carries
// Strict-Transport-Security with the directives joined by "; ", unless its handler writes its own.
// Outside the timeout filter, as upstream's, so a 504 or a 429 carries it too. Without directives the
// chain has no such filter (a setHeader costs Node a slower header merge on every response).
import type { Handler } from '../endpoints/context.js';

export function withHSTS(handler: Handler, directives: readonly string[]): Handler {
  if (directives.length === 0) return handler;
  const value = directives.join('; ');
  return (ctx) => {
    if (!ctx.res.hasHeader('strict-transport-security')) ctx.res.setHeader('strict-transport-security', value);
    return handler(ctx);
  };
}
