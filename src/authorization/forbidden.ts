// The 403 of a request no module allowed (upstream responsewriters.Forbidden and forbiddenMessage), e.g.
// `pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "dev"`.
import { StatusError } from '../errors/status-error.js';
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

/** The Forbidden Status (apierrors.NewForbidden of the request's group-resource and name). */
export function forbiddenError(attributes: AuthorizationAttributes, reason: string): StatusError {
  const message = sanitizeMessage(forbiddenMessage(attributes));
  const cause = reason ? `${message}: ${reason}` : message;
  const { apiGroup: group, resource, name } = attributes;
  const qualified = group ? `${resource}.${group}` : resource;
  let text: string;
  if (!resource) text = `forbidden: ${cause}`;
  else if (!name) text = `${qualified} is forbidden: ${cause}`;
  else text = `${qualified} ${quote(name)} is forbidden: ${cause}`;
  // Details are always present (a pointer in Go), with only the fields that are set.
  const error = new StatusError(403, 'Forbidden', text, { ...(name ? { name } : {}), ...(group ? { group } : {}), ...(resource ? { kind: resource } : {}) });
  error.headers = NOSNIFF;
  return error;
}

/** Upstream's sanitizer: the message may echo a path, which must not read as HTML. */
export function sanitizeMessage(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
