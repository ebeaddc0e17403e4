// `metadata.managedFields` on the wire and in memory (upstream fieldmanager/internal/managedfields.go):
// one entry per manager identifier, the JSON of {manager, operation, apiVersion (Update only),
// subresource}; decoding checks each entry as upstream does; encoding sorts entries by operation,
// time, manager, apiVersion and subresource.
import type { ManagedFieldsEntry } from '../../apis/meta/v1/types.js';
import { readFieldsV1, setToFieldsV1 } from './fields-v1.js';
import { setsEqual, type FieldSet } from './field-set.js';
import { goJsonString } from './go-json.js';
import type { ManagedFields, VersionedSet } from './updater.js';

/** A decoded entry's set and its `fieldsV1`, written as this module writes it. */
export interface OriginalFields {
  set: FieldSet;
  fieldsV1: Record<string, unknown>;
}

/** Owned sets and the time of each manager's last change. */
export interface Managed {
  fields: ManagedFields;
  /** RFC 3339 times by manager identifier (absent when never recorded). */
  times: Map<string, string>;
  /** Canonical `fieldsV1` as decoded, reused when a set did not change (saves re-encoding). */
  originals?: Map<string, OriginalFields>;
}

/** A Managed with no manager. */
export function emptyManaged(): Managed {
  return { fields: new Map(), times: new Map() };
}

const identifiers = new Map<string, ManagerInfo>();
const MAX_CACHED_IDENTIFIERS = 1024;

/** The parts of an entry that identify its manager. */
export interface ManagerInfo {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  subresource?: string;
}

/**
 * The manager identifier (upstream BuildManagerIdentifier): Go's JSON of the entry without time and
 * fields; appliers leave out apiVersion so that one applier has one entry whatever the version.
 */
export function managerIdentifier(info: ManagerInfo): string {
  const parts: string[] = [];
  if (info.manager) parts.push(`"manager":${goJsonString(info.manager)}`);
  if (info.operation) parts.push(`"operation":${goJsonString(info.operation)}`);
  if (info.apiVersion && info.operation !== 'Apply') parts.push(`"apiVersion":${goJsonString(info.apiVersion)}`);
  if (info.subresource) parts.push(`"subresource":${goJsonString(info.subresource)}`);
  return `{${parts.join(',')}}`;
}

/** The entry fields an identifier stands for (parsed once per identifier). */
export function parseManagerIdentifier(id: string): ManagerInfo {
  let info = identifiers.get(id);
  if (!info) {
    if (identifiers.size >= MAX_CACHED_IDENTIFIERS) identifiers.clear();
    info = parseIdentifier(id);
    identifiers.set(id, info);
  }
  return info;
}

function parseIdentifier(id: string): ManagerInfo {
  try {
    const parsed = JSON.parse(id) as unknown;
    if (typeof parsed === 'object' && parsed !== null) {
      const { manager, operation, apiVersion, subresource } = parsed as Record<string, unknown>;
      const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
      return { manager: str(manager), operation: str(operation), apiVersion: str(apiVersion), subresource: str(subresource) };
    }
  } catch {
    // Not an identifier: the name itself (upstream prints it quoted).
  }
  return { manager: id };
}

/** True for the reset form `[{}]` (1-conventions rule 3: an empty list alone does not reset). */
export function isResetManagedFields(entries: unknown): boolean {
  if (!Array.isArray(entries) || entries.length !== 1) return false;
  const only: unknown = entries[0];
  // Upstream compares with the zero entry: empty strings count as unset.
  return typeof only === 'object' && only !== null && !Array.isArray(only) && Object.values(only).every((v) => v === undefined || v === '');
}

/** Decodes entries (upstream DecodeManagedFields); throws Error with upstream's texts when invalid. */
export function decodeManagedFields(entries: unknown): Managed {
  const managed = emptyManaged();
  if (entries === undefined || entries === null) return managed;
  if (!Array.isArray(entries)) throw new Error('managedFields must be a list');
  entries.forEach((raw: unknown, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`managed fields entry ${i} is not an object`);
    const entry = raw as ManagedFieldsEntry;
    if (entry.operation !== 'Apply' && entry.operation !== 'Update') throw new Error('operation must be `Apply` or `Update`');
    if (!entry.apiVersion) throw new Error('apiVersion must not be empty');
    if (!entry.fieldsType) throw new Error(`missing fieldsType in managed fields entry ${i}`);
    if (entry.fieldsType !== 'FieldsV1') throw new Error(`invalid fieldsType ${JSON.stringify(entry.fieldsType)} in managed fields entry ${i}`);
    const id = managerIdentifier(entry);
    let read;
    try {
      read = readFieldsV1(entry.fieldsV1);
    } catch (error) {
      throw new Error(`error decoding versioned set from entry ${i}: error decoding set: ${(error as Error).message}`);
    }
    const { set, canonical } = read;
    managed.fields.set(id, { set, apiVersion: entry.apiVersion, applied: entry.operation === 'Apply' });
    if (canonical && entry.fieldsV1) (managed.originals ??= new Map()).set(id, { set, fieldsV1: entry.fieldsV1 });
    else managed.originals?.delete(id);
    if (entry.time) managed.times.set(id, entry.time);
    else managed.times.delete(id);
  });
  return managed;
}

/** Encodes in upstream's entry order; an empty list when no manager is left. */
export function encodeManagedFields(managed: Managed): ManagedFieldsEntry[] {
  const entries: ManagedFieldsEntry[] = [];
  for (const [id, owned] of managed.fields) {
    const original = managed.originals?.get(id);
    const unchanged = original !== undefined && (original.set === owned.set || setsEqual(original.set, owned.set));
    entries.push(encodeEntry(id, owned, managed.times.get(id), unchanged ? original.fieldsV1 : setToFieldsV1(owned.set)));
  }
  return entries.sort(compareEntries);
}

/** The entry of manager `id`, fields in metav1.ManagedFieldsEntry order (the JSON reads as upstream's). */
export function encodeEntry(id: string, owned: Omit<VersionedSet, 'set'>, time: string | undefined, fieldsV1: Record<string, unknown>): ManagedFieldsEntry {
  const info = parseManagerIdentifier(id);
  const entry: ManagedFieldsEntry = {};
  if (info.manager) entry.manager = info.manager;
  entry.operation = owned.applied ? 'Apply' : ((info.operation as ManagedFieldsEntry['operation']) ?? 'Update');
  if (owned.apiVersion) entry.apiVersion = owned.apiVersion;
  if (time) entry.time = time;
  entry.fieldsType = 'FieldsV1';
  entry.fieldsV1 = fieldsV1;
  if (info.subresource) entry.subresource = info.subresource;
  return entry;
}

function seconds(time: string | undefined): number {
  if (!time) return 0;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

/** Upstream sortEncodedManagedFields. */
function compareEntries(p: ManagedFieldsEntry, q: ManagedFieldsEntry): number {
  const byString = (a: string | undefined, b: string | undefined): number => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
  return (
    byString(p.operation, q.operation) ||
    seconds(p.time) - seconds(q.time) ||
    byString(p.manager, q.manager) ||
    byString(p.apiVersion, q.apiVersion) ||
    byString(p.subresource, q.subresource)
  );
}
