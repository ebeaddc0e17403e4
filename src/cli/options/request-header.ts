// The authenticating proxy (upstream RequestHeaderAuthenticationOptions): requests whose client certificate
// verifies against --requestheader-client-ca-file name their user in headers. Without that file the
// headers are never trusted; kube-apiserver suggests header names but sets none by default.
import { stringFlag, stringsFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';

const flags = {
  requestHeaderAllowedNames: stringsFlag('requestheader-allowed-names',
    'List of client certificate common names to allow to provide usernames in headers specified by --requestheader-username-headers. If empty, any client certificate validated by the authorities in --requestheader-client-ca-file is allowed.'),
  requestHeaderClientCAFile: stringFlag('requestheader-client-ca-file', '',
    'Root certificate bundle to use to verify client certificates on incoming requests before trusting usernames in headers specified by --requestheader-username-headers. WARNING: generally do not depend on authorization being already done for incoming requests.'),
  requestHeaderExtraHeadersPrefix: stringsFlag('requestheader-extra-headers-prefix',
    'List of request header prefixes to inspect. X-Remote-Extra- is suggested.'),
  requestHeaderGroupHeaders: stringsFlag('requestheader-group-headers',
    'List of request headers to inspect for groups. X-Remote-Group is suggested.'),
  requestHeaderUsernameHeaders: stringsFlag('requestheader-username-headers',
    'List of request headers to inspect for usernames. X-Remote-User is common.'),
};

export interface RequestHeaderFlagOptions {
  readonly requestHeaderClientCAFile: string | undefined;
  readonly requestHeaderAllowedNames: readonly string[];
  readonly requestHeaderUsernameHeaders: readonly string[];
  readonly requestHeaderGroupHeaders: readonly string[];
  readonly requestHeaderExtraHeadersPrefix: readonly string[];
}

export const requestHeader: OptionGroup<typeof flags, RequestHeaderFlagOptions> = {
  flags,
  resolve: (values) => ({
    requestHeaderClientCAFile: optional(values.requestHeaderClientCAFile),
    requestHeaderAllowedNames: values.requestHeaderAllowedNames,
    requestHeaderUsernameHeaders: values.requestHeaderUsernameHeaders,
    requestHeaderGroupHeaders: values.requestHeaderGroupHeaders,
    requestHeaderExtraHeadersPrefix: values.requestHeaderExtraHeadersPrefix,
  }),
  serverOptions: (o) => (o.requestHeaderClientCAFile
    ? {
        requestHeader: {
          clientCAFile: o.requestHeaderClientCAFile,
          allowedNames: o.requestHeaderAllowedNames,
          usernameHeaders: o.requestHeaderUsernameHeaders,
          groupHeaders: o.requestHeaderGroupHeaders,
          extraHeaderPrefixes: o.requestHeaderExtraHeadersPrefix,
        },
      }
    : {}),
};
