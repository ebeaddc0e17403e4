// kplane's one private list and watch parameter. The server's own followers of metadata (the garbage
// collector and the quota monitors, through shared informers) never read managedFields, which are most of a
// PartialObjectMetadata's bytes (a Pod's ~3.1 KB of ~3.7): `kplaneOmitManagedFields=true` asks the server to
// leave them out. It is honoured on the loopback only (server/loopback.ts), so every other client gets
// upstream's answer: kube-apiserver ignores query parameters it does not know, and so does kplane for them.
export const OMIT_MANAGED_FIELDS_PARAMETER = 'kplaneOmitManagedFields';
