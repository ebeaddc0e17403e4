// The 403 of a request no module allowed (upstream responsewriters.Forbidden and forbiddenMessage), e.g.
// `pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "dev"`.
import { qualifiedResource, StatusError, type GroupResource } from '../errors/status-error.js';
import { goQuote as quote } from '../registry/selectors/go-format.js';
import type { AuthorizationAttributes } from './authorizer.js';

/** upstream responsewriters.Forbidden sets it: the message may echo a path. */
const NOSNIFF: Readonly<Record<string, string>> = Object.freeze({ 'x-content-type-options': 'nosniff' });

/** The sentence naming the user and what they asked for. */
export function forbiddenMessage(attributes: AuthorizationAttributes): string {
  const user = attributes.user.name;
  if (!attributes.isResourceRequest) return `User ${quote(user)} cannot ${attributes.verb} path ${quote(attributes.path)}`;
  const resource = attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource;
  const where = attributes.namespace ? `in the namespace ${quote(attributes.namespace)}` : 'at the cluster scope';
  return `User ${quote(user)} cannot ${attributes.verb} resource ${quote(resource)} in API group ${quote(attributes.apiGroup)} ${where}`;
}

/**
 * upstream apierrors.NewForbidden: `<resource>.<group> "<name>" is forbidden: <cause>` (no name, no quotes;
 * no resource, `forbidden: <cause>`). Details are always present (a pointer in Go), with the fields set.
 * Authorization, admission plugins and the RBAC escalation checks all refuse through it.
 */
export function newForbidden(gr: GroupResource, name: string, cause: string): StatusError {
  let text: string;
  if (!gr.resource) text = `forbidden: ${cause}`;
  else if (!name) text = `${qualifiedResource(gr)} is forbidden: ${cause}`;
  else text = `${qualifiedResource(gr)} ${quote(name)} is forbidden: ${cause}`;
  return new StatusError(403, 'Forbidden', text, { ...(name ? { name } : {}), ...(gr.group ? { group: gr.group } : {}), ...(gr.resource ? { kind: gr.resource } : {}) });
}

/** The 403 of a request no module allowed (responsewriters.Forbidden): NewForbidden of its group-resource and name. */
export function forbiddenError(attributes: AuthorizationAttributes, reason: string): StatusError {
  const message = sanitizeMessage(forbiddenMessage(attributes));
  const error = newForbidden({ group: attributes.apiGroup, resource: attributes.resource }, attributes.name, reason ? `${message}: ${reason}` : message);
  error.headers = NOSNIFF;
  return error;
}

/** Upstream's sanitizer: the message may echo a path, which must not read as HTML. */
export function sanitizeMessage(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
