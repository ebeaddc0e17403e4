// The resource lock of leader election over a coordination.k8s.io/v1 Lease (client-go's LeaseLock): the
// election record is the Lease's spec, and every write is conditional on the resourceVersion last read,
// so two candidates can never both win the same round.
import type { Lease, LeaseSpec } from '../../apis/coordination/v1/lease.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { conflict, isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';

/** What the lease says about leadership (client-go's LeaderElectionRecord). */
export interface LeaderElectionRecord {
  /** '' when nobody holds it (released). */
  holderIdentity: string;
  leaseDurationSeconds: number;
  /** MicroTime: when the current holder acquired it. */
  acquireTime: string;
  /** MicroTime: when the holder last renewed it. */
  renewTime: string;
  leaseTransitions: number;
}

/** A record and the resourceVersion it was read or written at. */
export interface ObservedRecord {
  record: LeaderElectionRecord;
  resourceVersion: string;
}

/** Where the election record lives. Writes reject (409 and others) when the round is lost. */
export interface ResourceLock {
  /** `<namespace>/<name>`, for messages. */
  readonly description: string;
  /** The current record, or undefined when the lock object does not exist. */
  get(): Promise<ObservedRecord | undefined>;
  /** Creates the lock object; rejects when it exists already. */
  create(record: LeaderElectionRecord): Promise<ObservedRecord>;
  /** Replaces the record if the object is still at `resourceVersion`; rejects with 409 otherwise. */
  update(record: LeaderElectionRecord, resourceVersion: string): Promise<ObservedRecord>;
}

/** The field manager of the lock's writes (managedFields). */
const FIELD_MANAGER = 'kplane-leader-election';

/** client-go LeaseSpecToLeaderElectionRecord: absent fields read as zero values. */
export function recordOf(spec: LeaseSpec | undefined): LeaderElectionRecord {
  return {
    holderIdentity: spec?.holderIdentity ?? '',
    leaseDurationSeconds: spec?.leaseDurationSeconds ?? 0,
    acquireTime: spec?.acquireTime ?? '',
    renewTime: spec?.renewTime ?? '',
    leaseTransitions: spec?.leaseTransitions ?? 0,
  };
}

/** client-go LeaderElectionRecordToLeaseSpec: every field written, unset times left out. */
export function specOf(record: LeaderElectionRecord): LeaseSpec {
  return {
    holderIdentity: record.holderIdentity,
    leaseDurationSeconds: record.leaseDurationSeconds,
    ...(record.acquireTime ? { acquireTime: record.acquireTime } : {}),
    ...(record.renewTime ? { renewTime: record.renewTime } : {}),
    leaseTransitions: record.leaseTransitions,
  };
}

const observed = (lease: Readonly<KubeObject>): ObservedRecord => ({
  record: recordOf((lease as Lease).spec),
  resourceVersion: lease.metadata.resourceVersion ?? '',
});

/** A LeaseLock on `namespace/name`, talking to the Lease store directly (as the in-process controllers do). */
export function leaseLock(leases: Store, namespace: string, name: string): ResourceLock {
  const write = { dryRun: false, fieldManager: FIELD_MANAGER };
  return {
    description: `${namespace}/${name}`,
    async get() {
      try {
        return observed((await leases.get(namespace, name)).object);
      } catch (error) {
        if (isStatusError(error) && error.code === 404) return undefined;
        throw error;
      }
    },
    async create(record) {
      const lease: Lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace }, spec: specOf(record) };
      return observed((await leases.create(namespace, lease as KubeObject, write)).object);
    },
    async update(record, resourceVersion) {
      const { object } = await leases.update(namespace, name, (current) => {
        // Without a current object the update would create one: refuse, the round is lost (409 as upstream's CAS).
        if (current === undefined) throw conflict(leases.groupResource, name);
        const next = structuredClone(current) as Lease;
        next.metadata = { ...next.metadata, resourceVersion }; // the precondition: 409 when it moved on
        next.spec = specOf(record);
        return next as KubeObject;
      }, write);
      return observed(object);
    },
  };
}
