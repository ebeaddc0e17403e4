// What the server knows of an in-process controller: start, stop, and a health check. Controllers run
// in the server process (ARCHITECTURE §4); with several replicas each runs in one of them at a time
// (leader-election/).

/** An in-process controller. */
export interface Controller {
  /** Short name; the health check is `poststarthook/start-<name>-controller`. */
  readonly name: string;
  start(): Promise<void>;
  /** Stops for good; resolves once the controller let go of what it holds (a Lease, for elected ones). */
  stop(): void | Promise<void>;
  /** Throws when the controller should be running and is not: a /livez and /readyz check. */
  check(): void;
}
