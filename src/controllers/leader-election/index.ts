// Leader election over coordination.k8s.io/v1 Leases (client-go's leaderelection), so that in a group of
// replicas on one store each in-process controller runs in exactly one of them.
export { electedController, type ElectedController, type ElectedControllerOptions } from './elected-controller.js';
export {
  DEFAULT_LEADER_ELECTION_TIMING,
  LeaderElector,
  microTime,
  validateTiming,
  type LeaderCallbacks,
  type LeaderElectionTiming,
  type LeaderElectorOptions,
} from './leader-elector.js';
export { leaseLock, recordOf, specOf, type LeaderElectionRecord, type ObservedRecord, type ResourceLock } from './lease-lock.js';
