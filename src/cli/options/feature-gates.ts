// Feature gates (upstream's `--feature-gates` of k8s.io/component-base, which kube-apiserver adds to its
// generic flags): `key=value` pairs, checked as they are parsed, each occurrence adding to the previous.
import type { FlagSpec } from '../flag-set.js';
import type { OptionGroup } from './option-group.js';
import { knownFeatures, parseFeatureGatePairs, setFeatureGates, type FeatureGateSettings } from '../../server/feature-gates/index.js';

const featureGatesFlag: FlagSpec<FeatureGateSettings> = {
  name: 'feature-gates',
  typeName: 'mapStringBool',
  usage: `A set of key=value pairs that describe feature gates for alpha/experimental features. Options are:\n${knownFeatures().join('\n')}`,
  initial: {},
  defaultText: undefined,
  parse: (raw, previous) => setFeatureGates(previous, parseFeatureGatePairs(raw)),
};

const flags = { featureGates: featureGatesFlag };

export interface FeatureGateOptions {
  /** The gates set by `--feature-gates` (AllAlpha and AllBeta expanded). */
  readonly featureGates: FeatureGateSettings;
}

export const featureGates: OptionGroup<typeof flags, FeatureGateOptions> = {
  flags,
  resolve: (values) => ({ featureGates: values.featureGates }),
  serverOptions: (o) => (Object.keys(o.featureGates).length > 0 ? { featureGates: o.featureGates } : {}),
};
