// Discovery documents derived from the served resource definitions: legacy (`/api`, `/api/v1`,
// `/apis`, `/apis/<group>`, `/apis/<group>/<version>`), aggregated (apidiscovery.k8s.io v2 and
// v2beta1 on `/api` and `/apis`) and `/version`. Pure builders: the router serializes and serves.
export * from './legacy.js';
export * from './aggregated.js';
export { buildVersionInfo, type VersionInfo } from './version.js';
export { compareKubeVersions, sortGroups, sortVersions, type GroupPriorities } from './group-order.js';
export { storageVersionHash } from './resources.js';
