// Which in-process controllers run: kube-controller-manager's `--controllers` (upstream
// IsControllerEnabled): `name` enables, `-name` disables, `*` enables every controller not off by default;
// the first entry naming a controller decides, and without `*` only named controllers run.

/** kube-controller-manager 1.25's controllers, by the names `--controllers` takes. */
export const KUBE_CONTROLLER_MANAGER_CONTROLLERS: readonly string[] = [
  'attachdetach', 'bootstrapsigner', 'cloud-node-lifecycle', 'clusterrole-aggregation', 'cronjob', 'csrapproving',
  'csrcleaner', 'csrsigning', 'daemonset', 'deployment', 'disruption', 'endpoint', 'endpointslice',
  'endpointslicemirroring', 'ephemeral-volume', 'garbagecollector', 'horizontalpodautoscaling', 'job', 'namespace',
  'nodeipam', 'nodelifecycle', 'persistentvolume-binder', 'persistentvolume-expander', 'podgc', 'pv-protection',
  'pvc-protection', 'replicaset', 'replicationcontroller', 'resourcequota', 'root-ca-cert-publisher', 'route',
  'service', 'serviceaccount', 'serviceaccount-token', 'statefulset', 'storage-version-gc', 'tokencleaner', 'ttl',
  'ttl-after-finished',
];

/**
 * kplane's controllers that are kube-apiserver's work upstream (its APIService registration and the
 * priority-and-fairness configuration post-start hooks): selectable here like the others.
 */
export const KPLANE_CONTROLLERS: readonly string[] = ['apf-configuration', 'local-apiservices'];

/** Names `--controllers` accepts. */
export const KNOWN_CONTROLLERS: ReadonlySet<string> = new Set([...KUBE_CONTROLLER_MANAGER_CONTROLLERS, ...KPLANE_CONTROLLERS]);

/** Off unless named (upstream ControllersDisabledByDefault). */
export const CONTROLLERS_DISABLED_BY_DEFAULT: ReadonlySet<string> = new Set(['bootstrapsigner', 'tokencleaner']);

/** `--controllers`' default. */
export const DEFAULT_CONTROLLERS: readonly string[] = ['*'];

/** Whether `--controllers=<selection>` runs the controller `name`. */
export function isControllerEnabled(name: string, selection: readonly string[]): boolean {
  let star = false;
  for (const entry of selection) {
    if (entry === name) return true;
    if (entry === `-${name}`) return false;
    if (entry === '*') star = true;
  }
  return star && !CONTROLLERS_DISABLED_BY_DEFAULT.has(name);
}

/** upstream's check of `--controllers`: each entry is `*` or a known name, optionally after `-`. */
export function controllerSelectionErrors(selection: readonly string[]): string[] {
  return selection
    .filter((entry) => entry !== '*' && !KNOWN_CONTROLLERS.has(entry.replace(/^-/, '')))
    .map((entry) => `${JSON.stringify(entry.replace(/^-/, ''))} is not in the list of known controllers`);
}
