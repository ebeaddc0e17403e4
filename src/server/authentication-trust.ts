// The client and proxy trust published for aggregated API servers (upstream's cluster authentication trust
// controller, 1.25): kube-system/extension-apiserver-authentication holds `client-ca-file` and, with an
// authenticating proxy configured, `requestheader-client-ca-file` and the header names as JSON lists. What
// is there already (other replicas) is kept and merged: CA bundles without duplicates or expired
// certificates, header names without repeats. Written at start.
import { X509Certificate } from 'node:crypto';
import { pemCertificates, type ClusterAuthenticationInfo } from '../auth/index.js';
import { isStatusError } from '../errors/status-error.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Store, WriteOptions } from '../registry/store/index.js';

export const AUTHENTICATION_CONFIGMAP = { namespace: 'kube-system', name: 'extension-apiserver-authentication' } as const;
const WRITE: WriteOptions = { dryRun: false, fieldManager: 'kube-apiserver' };
const LIST_KEYS = ['requestheader-username-headers', 'requestheader-group-headers', 'requestheader-extra-headers-prefix', 'requestheader-allowed-names'] as const;

type Data = Record<string, string>;

/** Writes the ConfigMap when its data differs from the merge of what is there and `info`. */
export async function publishAuthenticationTrust(configMaps: Store, info: ClusterAuthenticationInfo, now = new Date()): Promise<void> {
  const { namespace, name } = AUTHENTICATION_CONFIGMAP;
  const current = await configMaps.get(namespace, name).then((item) => item.object, (error: unknown) => {
    if (isStatusError(error) && error.code === 404) return undefined;
    throw error;
  });
  const existing = ((current as { data?: Data } | undefined)?.data) ?? {};
  const data = mergedData(existing, info, now);
  if (current && sameData(existing, data)) return;
  if (!current) {
    try {
      await configMaps.create(namespace, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data } as KubeObject, WRITE);
    } catch (error) {
      // Another replica created it meanwhile: merge with what it wrote.
      if (isStatusError(error) && error.code === 409) return publishAuthenticationTrust(configMaps, info, now);
      throw error;
    }
    return;
  }
  await configMaps.update(namespace, name, (fresh) => ({ ...structuredClone(fresh as KubeObject), data } as KubeObject), WRITE);
}

/** The ConfigMap's data: what is there merged with `info` (upstream combinedClusterAuthenticationInfo). */
export function mergedData(existing: Data, info: ClusterAuthenticationInfo, now: Date): Data {
  const data: Data = {};
  const clientCA = combinedBundle(existing['client-ca-file'], info.clientCA, now);
  if (clientCA) data['client-ca-file'] = clientCA;
  const proxyCA = combinedBundle(existing['requestheader-client-ca-file'], info.requestHeader?.clientCA, now);
  if (!proxyCA) return data;
  const ours: Record<(typeof LIST_KEYS)[number], readonly string[]> = {
    'requestheader-username-headers': info.requestHeader?.usernameHeaders ?? [],
    'requestheader-group-headers': info.requestHeader?.groupHeaders ?? [],
    'requestheader-extra-headers-prefix': info.requestHeader?.extraHeaderPrefixes ?? [],
    'requestheader-allowed-names': info.requestHeader?.allowedNames ?? [],
  };
  for (const key of LIST_KEYS) data[key] = JSON.stringify([...new Set([...jsonList(existing[key]), ...ours[key]])]);
  data['requestheader-client-ca-file'] = proxyCA;
  return data;
}

/** Both bundles' certificates, each once, without those expired more than five minutes ago. */
function combinedBundle(first: string | undefined, second: string | undefined, now: Date): string | undefined {
  const seen = new Set<string>();
  let bundle = '';
  for (const pem of [first, second]) {
    for (const block of pemCertificates(pem ?? '')) {
      const cert = parseCertificate(block);
      if (!cert) continue;
      if (seen.has(cert.fingerprint256) || Date.parse(cert.validTo) < now.getTime() - 5 * 60_000) continue;
      seen.add(cert.fingerprint256);
      bundle += cert.toString();
    }
  }
  return bundle === '' ? undefined : bundle;
}

/** A JSON list of strings; anything else (edited by hand) counts as empty and is replaced. */
function jsonList(text: string | undefined): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

function parseCertificate(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

function sameData(a: Data, b: Data): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
