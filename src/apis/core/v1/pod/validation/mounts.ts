// Volume mounts and devices of a container (upstream 1.25 ValidateVolumeMounts, ValidateVolumeDevices,
// validateMountPropagation). `volumes` holds the pod's valid volumes by name.
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { Container, EphemeralContainer, Volume, VolumeDevice, VolumeMount } from '../../schemas.generated.js';
import { validateLocalDescendingPath, validatePathNoBacksteps } from '../../volumes/index.js';

const PROPAGATIONS: readonly string[] = ['Bidirectional', 'HostToContainer', 'None'];

function validatePropagation(mode: string, ctr: Container | EphemeralContainer, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!PROPAGATIONS.includes(mode)) errs.push(field.notSupported(path, mode, PROPAGATIONS));
  if (mode === 'Bidirectional' && ctr.securityContext?.privileged !== true) {
    errs.push(field.forbidden(path, 'Bidirectional mount propagation is available only to privileged containers'));
  }
  return errs;
}

/** One mount; `subPath`, `subPathExpr` and `mountPropagation` errors sit on the list path, as upstream. */
function validateMount(mnt: VolumeMount, at: string, path: string, ctx: MountContext): FieldError[] {
  const errs: FieldError[] = [];
  const name = mnt.name ?? '';
  const mountPath = mnt.mountPath ?? '';
  if (!name) errs.push(field.required(`${at}.name`));
  if (!ctx.volumes.has(name)) errs.push(field.notFoundField(`${at}.name`, name));
  if (!mountPath) errs.push(field.required(`${at}.mountPath`));
  if (ctx.mountPaths.has(mountPath)) errs.push(field.invalid(`${at}.mountPath`, mountPath, 'must be unique'));
  ctx.mountPaths.add(mountPath);
  if (ctx.devices.has(name)) errs.push(field.invalid(`${at}.name`, name, 'must not already exist in volumeDevices'));
  if (ctx.devicePaths.has(mountPath)) errs.push(field.invalid(`${at}.mountPath`, mountPath, 'must not already exist as a path in volumeDevices'));
  if (mnt.subPath) errs.push(...validateLocalDescendingPath(mnt.subPath, `${path}.subPath`));
  if (mnt.subPathExpr) {
    if (mnt.subPath) errs.push(field.invalid(`${at}.subPathExpr`, mnt.subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
    errs.push(...validateLocalDescendingPath(mnt.subPathExpr, `${path}.subPathExpr`));
  }
  if (mnt.mountPropagation !== undefined) errs.push(...validatePropagation(mnt.mountPropagation, ctx.container, `${path}.mountPropagation`));
  return errs;
}

interface MountContext {
  volumes: ReadonlyMap<string, Volume>;
  container: Container | EphemeralContainer;
  mountPaths: Set<string>;
  /** Device names of the container. */
  devices: ReadonlySet<string>;
  devicePaths: ReadonlySet<string>;
}

function validateDevice(dev: VolumeDevice, at: string, path: string, seen: { names: Set<string>; paths: Set<string> }, ctx: DeviceContext): FieldError[] {
  const errs: FieldError[] = [];
  const name = dev.name ?? '';
  const devicePath = dev.devicePath ?? '';
  const volume = ctx.volumes.get(name);
  if (!name) errs.push(field.required(`${at}.name`));
  if (seen.names.has(name)) errs.push(field.invalid(`${at}.name`, name, 'must be unique'));
  if (volume && !volume.persistentVolumeClaim && !volume.ephemeral) {
    errs.push(field.invalid(`${at}.name`, name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
  }
  if (!volume) errs.push(field.notFoundField(`${at}.name`, name));
  if (!devicePath) errs.push(field.required(`${at}.devicePath`));
  if (seen.paths.has(devicePath)) errs.push(field.invalid(`${at}.devicePath`, devicePath, 'must be unique'));
  if (devicePath && validatePathNoBacksteps(devicePath, `${path}.devicePath`).length > 0) {
    errs.push(field.invalid(`${at}.devicePath`, devicePath, "can not contain backsteps ('..')"));
  } else {
    seen.paths.add(devicePath);
  }
  if (ctx.mounts.has(name)) errs.push(field.invalid(`${at}.name`, name, 'must not already exist in volumeMounts'));
  if (ctx.mountPaths.has(devicePath)) errs.push(field.invalid(`${at}.devicePath`, devicePath, 'must not already exist as a path in volumeMounts'));
  if (name) seen.names.add(name);
  return errs;
}

interface DeviceContext {
  volumes: ReadonlyMap<string, Volume>;
  mounts: ReadonlySet<string>;
  mountPaths: ReadonlySet<string>;
}

/** The volumeMounts and volumeDevices of one container, checked against each other and the pod's volumes. */
export function validateMountsAndDevices(ctr: Container | EphemeralContainer, volumes: ReadonlyMap<string, Volume>, path: string): FieldError[] {
  const mounts = ctr.volumeMounts ?? [];
  const devices = ctr.volumeDevices ?? [];
  const errs: FieldError[] = [];
  if (mounts.length > 0) {
    const ctx: MountContext = {
      volumes, container: ctr, mountPaths: new Set(),
      devices: new Set(devices.map((d) => d.name)), devicePaths: new Set(devices.map((d) => d.devicePath)),
    };
    mounts.forEach((m, i) => errs.push(...validateMount(m, `${path}.volumeMounts[${i}]`, `${path}.volumeMounts`, ctx)));
  }
  if (devices.length > 0) {
    const ctx: DeviceContext = { volumes, mounts: new Set(mounts.map((m) => m.name)), mountPaths: new Set(mounts.map((m) => m.mountPath)) };
    const seen = { names: new Set<string>(), paths: new Set<string>() };
    devices.forEach((d, i) => errs.push(...validateDevice(d, `${path}.volumeDevices[${i}]`, `${path}.volumeDevices`, seen, ctx)));
  }
  return errs;
}
