// kplane's public API for Node programs and test suites: start a server in this process.
export { startServer, type ServerOptions, type RunningServer } from './server/start-server.js';
export type { ResourceDefinition, Strategy } from './registry/resource-definition.js';
export { StatusError } from './errors/status-error.js';
export { KubeClient, type KubeResponse, type KubeRequestOptions } from './client/kube-client.js';
