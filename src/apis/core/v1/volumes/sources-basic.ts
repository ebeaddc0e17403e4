// Volume sources local to the node or naming an API object (upstream validateHostPathVolumeSource,
// validateGitRepoVolumeSource, validateSecretVolumeSource, validateConfigMapVolumeSource,
// validatePersistentClaimVolumeSource, validateNFSVolumeSource, validateLocalVolumeSource).
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { quantitySign } from '../../../../schema/quantity-value.js';
import type {
  ConfigMapVolumeSource, EmptyDirVolumeSource, KeyToPath, GitRepoVolumeSource, HostPathVolumeSource, LocalVolumeSource, NFSVolumeSource,
  PersistentVolumeClaimVolumeSource, SecretVolumeSource,
} from '../schemas.generated.js';
import { isAbsolutePath, validateFileMode, validateKeyToPaths, validateLocalDescendingPath, validatePathNoBacksteps } from './paths.js';

/** hostPath `type` values, sorted as upstream lists them ("" is "no check"). */
export const HOST_PATH_TYPES: readonly string[] = ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'];

/** emptyDir: a sizeLimit must not be negative. */
export function validateEmptyDir(source: EmptyDirVolumeSource, path: string): FieldError[] {
  if (source.sizeLimit !== undefined && quantitySign(source.sizeLimit) < 0) {
    return [forbidden(`${path}.sizeLimit`, 'SizeLimit field must be a valid resource quantity')];
  }
  return [];
}

/** hostPath: path required and without `..`; type one of HOST_PATH_TYPES. */
export function validateHostPath(source: HostPathVolumeSource, path: string): FieldError[] {
  if (!source.path) return [required(`${path}.path`)];
  const errors = validatePathNoBacksteps(source.path, `${path}.path`);
  if (source.type !== undefined && !HOST_PATH_TYPES.includes(source.type)) errors.push(notSupported(`${path}.type`, source.type, HOST_PATH_TYPES));
  return errors;
}

/** gitRepo: repository required; directory relative without `..`. */
export function validateGitRepo(source: GitRepoVolumeSource, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.repository) errors.push(required(`${path}.repository`));
  errors.push(...validateLocalDescendingPath(source.directory ?? '', `${path}.directory`));
  return errors;
}

/** A volume of an API object's keys: the object named at `nameField`, default mode, items. */
function validateObjectKeysVolume(name: string | undefined, nameField: string, source: { defaultMode?: number; items?: KeyToPath[] }, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!name) errors.push(required(`${path}.${nameField}`));
  errors.push(...validateFileMode(source.defaultMode, `${path}.defaultMode`));
  errors.push(...validateKeyToPaths(source.items, `${path}.items`));
  return errors;
}

/** secret: secretName required, default mode, items. */
export const validateSecretVolume = (source: SecretVolumeSource, path: string): FieldError[] =>
  validateObjectKeysVolume(source.secretName, 'secretName', source, path);

/** configMap: name required, default mode, items. */
export const validateConfigMapVolume = (source: ConfigMapVolumeSource, path: string): FieldError[] =>
  validateObjectKeysVolume(source.name, 'name', source, path);

/** persistentVolumeClaim: claimName required. */
export function validateClaimVolume(source: PersistentVolumeClaimVolumeSource, path: string): FieldError[] {
  return source.claimName ? [] : [required(`${path}.claimName`)];
}

/** nfs: server and an absolute path required (an empty path is reported twice, as upstream). */
export function validateNFS(source: NFSVolumeSource, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!source.server) errors.push(required(`${path}.server`));
  if (!source.path) errors.push(required(`${path}.path`));
  if (!isAbsolutePath(source.path ?? '')) errors.push(invalid(`${path}.path`, source.path ?? '', 'must be an absolute path'));
  return errors;
}

/** local (PersistentVolume only): path required, without `..`. */
export function validateLocal(source: LocalVolumeSource, path: string): FieldError[] {
  if (!source.path) return [required(`${path}.path`)];
  return validatePathNoBacksteps(source.path, `${path}.path`);
}
