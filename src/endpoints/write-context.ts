// What a write takes from its request besides its parameters: the audit annotator admission plugins annotate
// the request's events through, and the request's deadline, past which no admission webhook is called.
import { auditAnnotatorOf } from './audit-capture.js';
import type { RequestContext } from './context.js';
import type { AuditAnnotator } from '../registry/store/types.js';

export function writeContextOf(ctx: RequestContext): { auditAnnotations?: AuditAnnotator; deadline?: number } {
  const context: { auditAnnotations?: AuditAnnotator; deadline?: number } = auditAnnotatorOf(ctx);
  if (ctx.deadline !== undefined) context.deadline = ctx.deadline;
  return context;
}
