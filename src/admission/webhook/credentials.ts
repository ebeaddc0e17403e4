// A kubeconfig user as the admission webhooks' client presents it (upstream util/webhook
// restConfigFromKubeconfig, 1.25, and client-go's transport over the rest.Config it makes): a client
// certificate and key in the TLS handshake, a bearer token (`token`, or `tokenFile` re-read as client-go's
// cached file token source does), a user name and password (Basic), and impersonation (`as`, `as-groups`,
// `as-user-extra`). Files are named relative to the kubeconfig's directory (clientcmd resolves them so) and
// read when the user is resolved for a host; errors read as Go's (`open <path>: no such file or directory`).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { goOpenError } from '../config/decode.js';

/** A client certificate and key (PEM), with an id naming the pair for the cache of agents. */
export interface ClientCertificate {
  readonly cert: string;
  readonly key: string;
  readonly id: string;
}

/** What one webhook host's calls carry. */
export interface WebhookCredentials {
  /** Presented in the TLS handshake; none: no client certificate. */
  readonly clientCertificate?: ClientCertificate;
  /**
   * The headers of a call (Authorization, Impersonate-*).
   * @throws Error when the user cannot be used as client-go would refuse it (a token and a password together).
   */
  headers(): Promise<Readonly<Record<string, string | string[]>>>;
}

/** No user: upstream's anonymous rest.Config. */
export const ANONYMOUS: WebhookCredentials = Object.freeze({ headers: async () => ({}) });

type User = Readonly<Record<string, unknown>>;

/**
 * upstream restConfigFromKubeconfig, then what client-go reads when it builds the client: the token file
 * first, then the certificate's and key's files (client-go's loadTLSFiles).
 * @throws Error for a file that cannot be read, an `auth-provider` (upstream: `auth provider not supported`),
 * or an `exec` plugin (which kplane's webhook client does not run).
 */
export async function credentialsOf(user: User, directory: string): Promise<WebhookCredentials> {
  const path = (file: string): string => (isAbsolute(file) ? file : resolve(directory, file));
  const token = stringField(user, 'token');
  const tokenFile = stringField(user, 'tokenFile') ? path(stringField(user, 'tokenFile')) : '';
  // upstream reads the file only when no token is given (and then as it is, untrimmed).
  const bearer = token || (tokenFile ? await readText(tokenFile) : '');
  const certificateNamed = Boolean(stringField(user, 'client-certificate') || stringField(user, 'client-certificate-data'));
  const username = stringField(user, 'username');
  const password = stringField(user, 'password');
  if (user['exec'] !== undefined && user['exec'] !== null) throw new Error('exec credential plugins are not supported for admission webhook clients');
  if (user['auth-provider'] !== undefined && user['auth-provider'] !== null) throw new Error('auth provider not supported');
  const [cert, key] = certificateNamed ? await Promise.all([dataOrFile(user, 'client-certificate', path), dataOrFile(user, 'client-key', path)]) : [];
  const impersonation = impersonationHeaders(user);
  const source = tokenFile ? new FileTokenSource(tokenFile) : undefined;
  return {
    // client-go's HasCertAuth: a certificate without its key (or the reverse) is no client certificate.
    ...(cert && key ? { clientCertificate: { cert, key, id: createHash('sha256').update(cert).update('\0').update(key).digest('hex') } } : {}),
    headers: async () => {
      // client-go's HTTPWrappersForConfig: basic auth needs a user name; a token and basic auth are refused together.
      if (username && (bearer || source)) throw new Error('username/password or bearer token may be set, but not both');
      const headers: Record<string, string | string[]> = { ...impersonation };
      if (username) headers['authorization'] = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
      else if (bearer || source) headers['authorization'] = `Bearer ${source ? await source.token(bearer) : bearer}`;
      return headers;
    },
  };
}

/** client-go's cachedFileTokenSource over its fileTokenSource: re-read after a minute (10 s early). */
const TOKEN_PERIOD_MS = 60_000;
const TOKEN_LEEWAY_MS = 10_000;

/**
 * The token file's trimmed content, cached for a minute; a failed read keeps the last token, or, with none yet,
 * uses the token client-go was given (bearerAuthRoundTripper), failing only when that is empty.
 */
class FileTokenSource {
  #token: string | undefined;
  #expiresAt = 0;

  constructor(private readonly path: string) {}

  async token(fallback: string, now = Date.now()): Promise<string> {
    if (this.#token !== undefined && now < this.#expiresAt - TOKEN_LEEWAY_MS) return this.#token;
    try {
      const token = (await readFile(this.path, 'utf8').catch((error: unknown) => {
        throw new Error(`failed to read token file ${JSON.stringify(this.path)}: ${goOpenError(this.path, error)}`, { cause: error });
      })).trim();
      if (!token) throw new Error(`read empty token from file ${JSON.stringify(this.path)}`);
      [this.#token, this.#expiresAt] = [token, now + TOKEN_PERIOD_MS];
      return token;
    } catch (error) {
      const kept = this.#token ?? fallback;
      if (kept) return kept;
      throw error;
    }
  }
}

/** client-go's impersonating round tripper: `as` with its groups and extra (percent-encoded keys, as headerKeyEscape). */
function impersonationHeaders(user: User): Record<string, string | string[]> {
  const as = stringField(user, 'as');
  if (!as) return {};
  const headers: Record<string, string | string[]> = { 'impersonate-user': as };
  const groups = stringList(user['as-groups']);
  if (groups.length > 0) headers['impersonate-group'] = groups;
  const extra = user['as-user-extra'];
  if (typeof extra === 'object' && extra !== null && !Array.isArray(extra)) {
    for (const [key, values] of Object.entries(extra)) {
      const list = stringList(values);
      if (list.length > 0) headers[`impersonate-extra-${headerKeyEscape(key)}`] = list;
    }
  }
  return headers;
}

/** client-go's headerKeyEscape: bytes other than a header token's (and `%`) as `%XX`. */
function headerKeyEscape(key: string): string {
  let out = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /^[A-Za-z0-9!#$&'*+\-.^_`|~]$/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `<field>-data` (base64) when given, else the file `<field>`: client-go's dataFromSliceOrFile. */
async function dataOrFile(user: User, field: string, path: (file: string) => string): Promise<string | undefined> {
  const data = stringField(user, `${field}-data`);
  if (data) return Buffer.from(data, 'base64').toString('utf8');
  const file = stringField(user, field);
  return file ? readText(path(file)) : undefined;
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(goOpenError(path, error), { cause: error });
  }
}

const stringField = (user: User, field: string): string => (typeof user[field] === 'string' ? (user[field] as string) : '');

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
