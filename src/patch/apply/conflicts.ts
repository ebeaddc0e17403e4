// The 409 an apply answers when it would change fields other managers own (upstream
// fieldmanager/internal/conflict.go): one cause per field, reason FieldManagerConflict, and a message
// that kubectl prints as is: `Apply failed with 1 conflict: conflict with "kubectl-client-side-apply"
// using v1: .data.key` (1-conventions "Patch and server-side apply" rule 5).
import { StatusError, type StatusCause } from '../../errors/status-error.js';
import { parseManagerIdentifier } from './managed-fields.js';
import { pathString } from './path-element.js';
import type { Conflict } from './updater.js';

/** How a manager is named in conflict texts: `"name"`, `"name" with subresource "status"`, `"name" using v1`. */
export function printManager(id: string): string {
  const info = parseManagerIdentifier(id);
  let text = JSON.stringify(info.manager ?? '');
  if (info.subresource) text += ` with subresource ${JSON.stringify(info.subresource)}`;
  if (info.operation === 'Update') text += ` using ${info.apiVersion ?? ''}`;
  return text;
}

/** The conflict message (upstream getConflictMessage). */
export function conflictMessage(conflicts: readonly Conflict[]): string {
  const first = conflicts[0];
  if (conflicts.length === 1 && first) return `Apply failed with 1 conflict: conflict with ${printManager(first.manager)}: ${pathString(first.path)}`;
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) byManager.set(c.manager, [...(byManager.get(c.manager) ?? []), pathString(c.path)]);
  const lines: string[] = [];
  for (const manager of [...byManager.keys()].sort()) {
    lines.push(`conflicts with ${printManager(manager)}:`);
    for (const path of byManager.get(manager) ?? []) lines.push(`- ${path}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}

/** 409 Conflict with one FieldManagerConflict cause per field (upstream NewApplyConflict: no name or kind). */
export function conflictError(conflicts: readonly Conflict[]): StatusError {
  const causes: StatusCause[] = conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(c.manager)}`,
    field: pathString(c.path),
  }));
  return new StatusError(409, 'Conflict', conflictMessage(conflicts), { causes });
}
