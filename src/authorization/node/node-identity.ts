// Which node a user is (upstream pkg/auth/nodeidentifier): a user named `system:node:<name>` in the group
// `system:nodes`. The Node authorizer and the NodeRestriction admission plugin both ask.
import type { UserInfo } from '../../auth/user-info.js';

/** upstream user.NodesGroup. */
export const NODES_GROUP = 'system:nodes';
/** The prefix of a node's user name. */
export const NODE_USER_PREFIX = 'system:node:';

/**
 * The node's name, '' for a node user that names none (`system:node:`), or undefined when the user is not
 * a node (the name lacks the prefix, or the user is not in `system:nodes`).
 */
export function nodeIdentity(user: UserInfo | undefined): string | undefined {
  if (!user || !user.name.startsWith(NODE_USER_PREFIX) || !user.groups.includes(NODES_GROUP)) return undefined;
  return user.name.slice(NODE_USER_PREFIX.length);
}
