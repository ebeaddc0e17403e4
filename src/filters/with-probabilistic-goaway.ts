// upstream WithProbabilisticGoaway (`--goaway-chance`): that fraction of HTTP/2 requests tells its connection to go
// away, so that clients behind a load balancer spread over the servers again. Upstream sets `Connection: close`,
// which Go's HTTP/2 server turns into a graceful GOAWAY; here the session is closed gracefully at once: GOAWAY is
// sent, the streams already open (this request's, watches) finish, and the client opens a new connection for the
// next ones. HTTP/1 requests are left alone, as upstream's. A chance of 0 adds no filter.
import type { Http2ServerRequest } from 'node:http2';
import type { Handler } from '../endpoints/context.js';

export function withProbabilisticGoaway(handler: Handler, chance: number, random: () => number = Math.random): Handler {
  if (!(chance > 0)) return handler;
  return (ctx) => {
    if (ctx.req.httpVersionMajor === 2 && random() < chance) {
      const session = (ctx.req as Http2ServerRequest).stream.session;
      if (session && !session.closed) session.close();
    }
    return handler(ctx);
  };
}
