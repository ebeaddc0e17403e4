// What every scenario gets from the orchestrator.

/** Shared settings and credentials of one benchmark run. */
export interface BenchContext {
  /** A fresh temporary directory for data directories, scripts and files of this run. */
  workDir: string;
  /** Bearer token of the measured user, authorized by RBAC in the namespaces `ApiClient.createBenchNamespace` makes. */
  token: string;
  /** Bearer token of a `system:masters` user, for setting the stage (see tokenFile). */
  adminToken: string;
  /** The `--token-auth-file` granting `token`. */
  tokenFile: string;
  /** Node.js flags for kplane server processes, e.g. `--cpu-prof` when profiling. */
  serverNodeArgs: readonly string[];
  /** Progress line on stderr (the table goes to stdout). */
  log(message: string): void;
}
