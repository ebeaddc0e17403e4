// Authentication (upstream BuiltInAuthenticationOptions): the methods that name a request's user.
import { stringFlag } from '../flag-set.js';
import { optional, type OptionGroup } from './option-group.js';

const flags = {
  tokenAuthFile: stringFlag('token-auth-file', '',
    'If set, the file that will be used to secure the secure port of the API server via token authentication.'),
};

export interface AuthenticationOptions {
  readonly tokenAuthFile: string | undefined;
}

export const authentication: OptionGroup<typeof flags, AuthenticationOptions> = {
  flags,
  resolve: (values) => ({ tokenAuthFile: optional(values.tokenAuthFile) }),
  serverOptions: (o) => (o.tokenAuthFile ? { tokenAuthFile: o.tokenAuthFile } : {}),
};
