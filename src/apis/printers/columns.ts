// Columns shared by many kinds' tables (1-conventions: Table). The server always renders every
// column, including priority 1 ones: kubectl shows those only with `-o wide`.
import type { KubeObject, TableColumnDefinition } from '../meta/v1/types.js';
import type { TableColumn } from '../../registry/resource-definition.js';
import { translateTimestampSince } from './human-duration.js';

/** A column definition; `format` and `priority` default to '' and 0 as upstream leaves them. */
export function columnDefinition(
  name: string,
  type: TableColumnDefinition['type'],
  description: string,
  options: { format?: string; priority?: number } = {},
): TableColumnDefinition {
  return { name, type, format: options.format ?? '', description, priority: options.priority ?? 0 };
}

/** `Name` (format `name`, which kubectl uses to build `kind/name` references). */
export function nameColumn<T extends KubeObject>(priority = 0): TableColumn<T> {
  return {
    definition: columnDefinition('Name', 'string', 'Name of the object, unique within its namespace.', { format: 'name', priority }),
    cell: (obj) => obj.metadata.name ?? '',
  };
}

/** `Age`: time since `metadata.creationTimestamp`, rendered like upstream (`5s`, `3m2s`, `2d`). */
export function ageColumn<T extends KubeObject>(): TableColumn<T> {
  return {
    definition: columnDefinition('Age', 'string', 'Time since the object was created (metadata.creationTimestamp).'),
    cell: (obj, now) => translateTimestampSince(obj.metadata.creationTimestamp, now),
  };
}
