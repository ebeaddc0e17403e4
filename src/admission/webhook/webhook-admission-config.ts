// The webhook plugins' configuration in `--admission-control-config-file` (upstream admission/plugin/webhook
// config kubeconfig.go LoadConfig and apis/webhookadmission, 1.25): for MutatingAdmissionWebhook and
// ValidatingAdmissionWebhook each, a WebhookAdmissionConfiguration of `apiserver.config.k8s.io/v1` or the
// older WebhookAdmission of `v1alpha1` (upstream registers no other pair) whose `kubeConfigFile`, an absolute
// path, names the kubeconfig of the credentials the plugin calls webhooks with (authentication.ts). No
// configuration for a plugin: its calls are anonymous. The kubeconfig is read at start, as upstream's
// NewWebhook reads it; what its users name is read when a webhook's host is first called.
import { loadKubeconfigUsers } from '../../client/kubeconfig.js';
import { fieldErrorMessage, invalid } from '../../errors/field-errors.js';
import { decodeConfig, type ConfigScheme, type PluginConfigSource } from '../config/index.js';
import { jsonType } from '../config/decode.js';
import { ANONYMOUS_RESOLVER, kubeconfigResolver, type AuthenticationInfoResolver } from './authentication.js';
import { errorMessage } from '../../errors/error-message.js';

/** runtime.NewScheme's name for kubeconfig.go's scheme: the file and line that made it. */
const SCHEME_NAME = 'k8s.io/apiserver/pkg/admission/plugin/webhook/config/kubeconfig.go:35';
const GROUP = 'apiserver.config.k8s.io';
/** The external kinds the scheme registers: v1's under its new name, v1alpha1's under the type's. */
const SCHEMES: readonly ConfigScheme[] = [
  { group: GROUP, kind: 'WebhookAdmissionConfiguration', versions: ['v1'], scheme: SCHEME_NAME },
  { group: GROUP, kind: 'WebhookAdmission', versions: ['v1alpha1'], scheme: SCHEME_NAME },
];

/**
 * upstream LoadConfig: the configuration's `kubeConfigFile`, '' when the plugin has no configuration. Unknown
 * fields are ignored, as by the universal decoder.
 * @throws Error with apimachinery's text, or `kubeConfigFile: Invalid value: "...": must be an absolute file path`.
 */
export function decodeWebhookAdmissionConfiguration(source: PluginConfigSource | undefined): string {
  if (!source) return '';
  const { object } = decodeConfig(source, SCHEMES);
  const value = object['kubeConfigFile'];
  if (value !== undefined && value !== null && typeof value !== 'string') {
    throw new Error(`json: cannot unmarshal ${jsonType(value)} into Go struct field WebhookAdmission.kubeConfigFile of type string`);
  }
  const kubeConfigFile = value ?? '';
  // Go's path.IsAbs: a slash first.
  if (!kubeConfigFile.startsWith('/')) throw new Error(fieldErrorMessage(invalid('kubeConfigFile', kubeConfigFile, 'must be an absolute file path')));
  return kubeConfigFile;
}

/**
 * The loader of `plugin`'s configuration for ADMISSION_PLUGIN_CONFIGURATIONS: with none, the anonymous resolver
 * at once (a plugin made without loading its configuration calls anonymously); else a promise of the
 * kubeconfig's resolver (upstream NewWebhook, then NewDefaultAuthenticationInfoResolver).
 * @throws Error `couldn't init admission plugin "<plugin>": ...`, or a promise rejected with it.
 */
export function webhookAdmissionConfigurationLoader(plugin: string): (source: PluginConfigSource | undefined) => AuthenticationInfoResolver | Promise<AuthenticationInfoResolver> {
  const initFailure = (error: unknown): Error =>
    new Error(`couldn't init admission plugin ${JSON.stringify(plugin)}: ${errorMessage(error)}`, { cause: error });
  return (source) => {
    let kubeConfigFile: string;
    try {
      kubeConfigFile = decodeWebhookAdmissionConfiguration(source);
    } catch (error) {
      throw initFailure(error);
    }
    if (kubeConfigFile === '') return ANONYMOUS_RESOLVER;
    return loadKubeconfigUsers(kubeConfigFile).then(kubeconfigResolver, (error: unknown) => {
      throw initFailure(error);
    });
  };
}
