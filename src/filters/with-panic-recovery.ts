// Outermost filter: whatever a later stage throws becomes a Status response; the server keeps serving.
import type { Filter } from '../endpoints/context.js';
import { writeError } from '../endpoints/responses.js';

export const withPanicRecovery: Filter = (next) => async (ctx) => {
  try {
    await next(ctx);
  } catch (error) {
    writeError(ctx, error);
  }
};
