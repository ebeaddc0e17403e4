// Server-side Table (1-conventions: Table representation): the kind's columns, or Name + Created At.
import { badRequest } from '../errors/status-error.js';
import type { KubeObject, ListMeta, Table, TableColumnDefinition, TableRow } from '../apis/meta/v1/types.js';
import type { ResourceDefinition, TableColumn } from '../registry/resource-definition.js';
import { partialObjectMetadata } from './partial-metadata.js';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

const DEFAULT_COLUMNS: TableColumn[] = [
  {
    definition: { name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.', priority: 0 },
    cell: (obj) => obj.metadata.name ?? '',
  },
  {
    definition: { name: 'Created At', type: 'date', format: '', description: 'CreationTimestamp is a timestamp representing the server time when this object was created.', priority: 0 },
    cell: (obj) => obj.metadata.creationTimestamp ?? '',
  },
];

export function includeObjectParam(query: URLSearchParams): IncludeObject {
  const raw = query.get('includeObject') ?? '';
  if (raw === '') return 'Metadata';
  if (raw === 'None' || raw === 'Metadata' || raw === 'Object') return raw;
  throw badRequest(`includeObject: Unsupported value: "${raw}": supported values: "Metadata", "None", "Object"`);
}

function rowObject(obj: Readonly<KubeObject>, def: ResourceDefinition, include: IncludeObject, version: string): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return { apiVersion: def.group ? `${def.group}/${def.version}` : def.version, kind: def.kind, ...obj };
  return partialObjectMetadata(obj, version);
}

export function toTable(
  def: ResourceDefinition,
  objects: readonly Readonly<KubeObject>[],
  listMeta: ListMeta,
  options: { include: IncludeObject; version: 'v1' | 'v1beta1'; now?: Date; columnDefinitions?: boolean },
): Table {
  const columns = (def.tableColumns as TableColumn[] | undefined) ?? DEFAULT_COLUMNS;
  const now = options.now ?? new Date();
  const rows: TableRow[] = objects.map((obj) => {
    const row: TableRow = { cells: columns.map((c) => c.cell(obj as KubeObject, now)) };
    const object = rowObject(obj, def, options.include, options.version);
    if (object !== undefined) row.object = object;
    return row;
  });
  const columnDefinitions: TableColumnDefinition[] = options.columnDefinitions === false ? [] : columns.map((c) => c.definition);
  return { kind: 'Table', apiVersion: `meta.k8s.io/${options.version}`, metadata: listMeta, columnDefinitions, rows };
}
