// Path and file-mode rules of volume files (upstream validateLocalDescendingPath,
// validatePathNoBacksteps, ValidateLocalNonReservedPath, validateKeyToPath and the file-mode range).
// 3-resources "Volume": modes are 0 to 0777; KeyToPath paths are relative, without `..`.
import { invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import type { KeyToPath } from '../schemas.generated.js';

/** Upstream fileModeErrorMsg. */
export const FILE_MODE_ERROR = 'must be a number between 0 and 0777 (octal), both inclusive';

/** A `mode` / `defaultMode` outside 0..0777 (decimal 511). */
export function validateFileMode(mode: number | undefined, path: string): FieldError[] {
  return mode !== undefined && (mode > 0o777 || mode < 0) ? [invalid(path, mode, FILE_MODE_ERROR)] : [];
}

/** Go's path.IsAbs: the path starts with '/'. */
export const isAbsolutePath = (p: string): boolean => p.startsWith('/');

/** No `..` element once split on '/' (upstream runs on Linux, where filepath.ToSlash changes nothing). */
export function validatePathNoBacksteps(target: string, path: string): FieldError[] {
  return target.split('/').includes('..') ? [invalid(path, target, "must not contain '..'")] : [];
}

/** Relative and without `..` elements. */
export function validateLocalDescendingPath(target: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (isAbsolutePath(target)) errors.push(invalid(path, target, 'must be a relative path'));
  errors.push(...validatePathNoBacksteps(target, path));
  return errors;
}

/** Relative, without `..` elements, and not starting with `..` (reported once when `../` already was). */
export function validateLocalNonReservedPath(target: string, path: string): FieldError[] {
  const errors = validateLocalDescendingPath(target, path);
  if (target.startsWith('..') && !target.startsWith('../')) errors.push(invalid(path, target, "must not start with '..'"));
  return errors;
}

/** One item of a configMap/secret volume or projection: key and path required, path local, mode in range. */
export function validateKeyToPath(item: KeyToPath, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!item.key) errors.push(required(`${path}.key`));
  if (!item.path) errors.push(required(`${path}.path`));
  errors.push(...validateLocalNonReservedPath(item.path ?? '', `${path}.path`));
  errors.push(...validateFileMode(item.mode, `${path}.mode`));
  return errors;
}

/** Every item of `items`, indexed under `path`. */
export function validateKeyToPaths(items: readonly KeyToPath[] | undefined, path: string): FieldError[] {
  return (items ?? []).flatMap((item, i) => validateKeyToPath(item, `${path}[${i}]`));
}
