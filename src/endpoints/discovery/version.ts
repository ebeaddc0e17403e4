// `/version`: version.Info. kubectl prints gitVersion and checks major/minor for version skew.
import { arch, platform } from 'node:process';

/** The version.Info object (all fields required upstream). */
export interface VersionInfo {
  major: string;
  minor: string;
  gitVersion: string;
  gitCommit: string;
  gitTreeState: string;
  buildDate: string;
  goVersion: string;
  compiler: string;
  platform: string;
}

/** Go's GOARCH names for Node's `process.arch` values. */
const GO_ARCH: Readonly<Record<string, string>> = { x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x' };

/**
 * The served version: Kubernetes 1.25 (the API level kplane implements), with kplane's own build
 * facts. `goVersion` names the runtime actually running the server (Node.js), `compiler` its engine.
 */
export function buildVersionInfo(overrides: Partial<VersionInfo> = {}): VersionInfo {
  return {
    major: '1',
    minor: '25',
    gitVersion: 'v1.25.0-kplane',
    gitCommit: '',
    gitTreeState: '',
    buildDate: '1970-01-01T00:00:00Z',
    goVersion: `node${process.versions.node}`,
    compiler: 'v8',
    platform: `${platform}/${GO_ARCH[arch] ?? arch}`,
    ...overrides,
  };
}
