// Service networking (kube-apiserver's own options): where cluster IPs and node ports come from.
import type { FlagSpec } from '../flag-set.js';
import { stringFlag } from '../flag-set.js';
import { DEFAULT_NODE_PORT_RANGE, DEFAULT_SERVICE_CLUSTER_IP_RANGE, PortRange } from '../../registry/core/service/index.js';
import type { OptionGroup } from './option-group.js';

/** A port range (`30000-32767`), checked as kube-apiserver parses it. */
const portRangeFlag = (name: string, initial: string, usage: string): FlagSpec<string> => ({
  name, typeName: 'portRange', usage, initial, defaultText: initial,
  parse: (raw) => PortRange.parse(raw).spec,
});

const flags = {
  serviceClusterIPRange: stringFlag('service-cluster-ip-range', DEFAULT_SERVICE_CLUSTER_IP_RANGE,
    'A CIDR notation IP range from which to assign service cluster IPs. Max of two dual-stack CIDRs is allowed.'),
  serviceNodePortRange: portRangeFlag('service-node-port-range', DEFAULT_NODE_PORT_RANGE,
    'A port range to reserve for services with NodePort visibility. Example: \'30000-32767\'. Inclusive at both ends of the range.'),
};

export interface ServiceNetworkingOptions {
  readonly serviceClusterIPRange: string;
  readonly serviceNodePortRange: string;
}

export const serviceNetworking: OptionGroup<typeof flags, ServiceNetworkingOptions> = {
  flags,
  resolve: (values) => ({ serviceClusterIPRange: values.serviceClusterIPRange, serviceNodePortRange: values.serviceNodePortRange }),
  serverOptions: (o) => ({ serviceClusterIPRange: o.serviceClusterIPRange, serviceNodePortRange: o.serviceNodePortRange }),
};
