// What every scenario gets from the orchestrator.

/** Shared settings and credentials of one benchmark run. */
export interface BenchContext {
  /** A fresh temporary directory for data directories, scripts and files of this run. */
  workDir: string;
  /** Bearer token accepted by every kplane server of the run (see tokenFile). */
  token: string;
  /** The `--token-auth-file` granting `token`. */
  tokenFile: string;
  /** Node.js flags for kplane server processes, e.g. `--cpu-prof` when profiling. */
  serverNodeArgs: readonly string[];
  /** Progress line on stderr (the table goes to stdout). */
  log(message: string): void;
}
