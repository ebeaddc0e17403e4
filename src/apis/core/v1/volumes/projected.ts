// The projected volume source (upstream validateProjectedVolumeSource / validateProjectionSources):
// each source holds exactly one of secret, configMap, downwardAPI, serviceAccountToken; file paths
// must not repeat across the sources.
import { forbidden, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import type { KeyToPath, ProjectedVolumeSource, ServiceAccountTokenProjection, VolumeProjection } from '../schemas.generated.js';
import { validateDownwardAPIVolumeFile } from './downward-api.js';
import { validateFileMode, validateKeyToPath } from './paths.js';

/** Shortest token lifetime a projection may ask for: 10 minutes. */
export const MIN_TOKEN_EXPIRATION_SECONDS = 10 * 60;
/** Longest: 2^32 seconds. */
export const MAX_TOKEN_EXPIRATION_SECONDS = 2 ** 32;

/** Paths seen so far across the sources of one projected volume. */
class PathSet {
  private readonly seen = new Set<string>();
  /** Records `p`; false when it was already there. */
  add(p: string): boolean {
    if (this.seen.has(p)) return false;
    this.seen.add(p);
    return true;
  }
}

/** Secret or configMap projection: name required, items as KeyToPath, duplicates reported with the object's name. */
function validateObjectProjection(src: { name?: string; items?: KeyToPath[] }, at: string, volumePath: string, paths: PathSet): FieldError[] {
  const errors: FieldError[] = [];
  if (!src.name) errors.push(required(`${at}.name`));
  (src.items ?? []).forEach((item, i) => {
    errors.push(...validateKeyToPath(item, `${at}.items[${i}]`));
    if (item.path && !paths.add(item.path)) errors.push(invalid(volumePath, src.name ?? '', 'conflicting duplicate paths'));
  });
  return errors;
}

/**
 * A serviceAccountToken projection. The lifetime is checked as given (the default of one hour is
 * applied before validation); as upstream, a missing path is reported at the volume's `path`.
 */
function validateTokenProjection(token: ServiceAccountTokenProjection, at: string, volumePath: string): FieldError[] {
  const errors: FieldError[] = [];
  const seconds = token.expirationSeconds ?? 0;
  if (seconds < MIN_TOKEN_EXPIRATION_SECONDS) {
    errors.push(invalid(`${at}.expirationSeconds`, seconds, 'may not specify a duration less than 10 minutes'));
  }
  if (seconds > MAX_TOKEN_EXPIRATION_SECONDS) {
    errors.push(invalid(`${at}.expirationSeconds`, seconds, 'may not specify a duration larger than 2^32 seconds'));
  }
  if (!token.path) errors.push(required(`${volumePath}.path`));
  return errors;
}

/** One entry of `sources`: its own checks, then "exactly one" (upstream reports only more than one). */
function validateProjection(source: VolumeProjection, at: string, volumePath: string, paths: PathSet): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  if (source.secret) {
    count++;
    errors.push(...validateObjectProjection(source.secret, `${at}.secret`, volumePath, paths));
  }
  if (source.configMap) {
    count++;
    errors.push(...validateObjectProjection(source.configMap, `${at}.configMap`, volumePath, paths));
  }
  if (source.downwardAPI) {
    count++;
    for (const file of source.downwardAPI.items ?? []) {
      errors.push(...validateDownwardAPIVolumeFile(file, `${at}.downwardAPI`));
      if (file.path && !paths.add(file.path)) errors.push(invalid(volumePath, file.path, 'conflicting duplicate paths'));
    }
  }
  if (source.serviceAccountToken) {
    count++;
    errors.push(...validateTokenProjection(source.serviceAccountToken, `${at}.serviceAccountToken`, volumePath));
  }
  if (count > 1) errors.push(forbidden(at, 'may not specify more than 1 volume type'));
  return errors;
}

/** The projected volume source at `path`. */
export function validateProjectedVolumeSource(projected: ProjectedVolumeSource, path: string): FieldError[] {
  const paths = new PathSet();
  return [
    ...validateFileMode(projected.defaultMode, `${path}.defaultMode`),
    ...(projected.sources ?? []).flatMap((source, i) => validateProjection(source, `${path}.sources[${i}]`, path, paths)),
  ];
}
