import { readFile } from 'node:fs/promises';
import type { UserInfo } from '../user-info.js';
import type { TokenAuthenticator } from './authenticator.js';
import { parseCsv } from './csv.js';
import { errorMessage } from '../../errors/error-message.js';

/** The tokens of a static token file, and notes about skipped or repeated lines (for the log). */
export interface TokenFile {
  readonly tokens: ReadonlyMap<string, UserInfo>;
  readonly warnings: readonly string[];
}

/**
 * Parses a `--token-auth-file` (spec 2-access-control §Methods, "Static token file"): CSV lines
 * `token,user name,user uid[,groups]`. The fourth column is a comma-separated group list (quote it
 * when it holds several: `"group1,group2"`); as upstream (tokenfile.NewCSV), further columns are
 * ignored and the list is split as is (an empty fourth column is one empty group name). Lines with
 * fewer than three columns, or broken quoting, are errors naming the line. As upstream, a line with
 * an empty token is skipped and a repeated token replaces the earlier one (both with a warning).
 * Tokens never appear in messages.
 * @param source file name used in messages
 */
export function parseTokenFile(content: string, source: string): TokenFile {
  let records;
  try {
    records = parseCsv(content);
  } catch (error) {
    throw new Error(`token file '${source}': ${errorMessage(error)}`);
  }
  const tokens = new Map<string, UserInfo>();
  const warnings: string[] = [];
  for (const { line, fields } of records) {
    const [token, name, uid] = fields;
    if (token === undefined || name === undefined || uid === undefined) {
      throw new Error(
        `token file '${source}', line ${line}: must have at least 3 columns (token, user name, user uid), found ${fields.length}`,
      );
    }
    if (token === '') {
      warnings.push(`empty token has been found in token file '${source}', line ${line}; ignored`);
      continue;
    }
    if (tokens.has(token)) warnings.push(`duplicate token has been found in token file '${source}', line ${line}`);
    tokens.set(token, userOf(name, uid, fields[3]));
  }
  return { tokens, warnings };
}

function userOf(name: string, uid: string, groupColumn: string | undefined): UserInfo {
  const groups = groupColumn === undefined ? [] : groupColumn.split(',');
  return uid === '' ? { name, groups } : { name, uid, groups };
}

/** Reads and parses a token file; see {@link parseTokenFile}. */
export async function loadTokenFile(path: string): Promise<TokenFile> {
  return parseTokenFile(await readFile(path, 'utf8'), path);
}

/** A token source answering from a parsed token file (plug into `bearerTokenAuthenticator`). */
export function tokenFileAuthenticator(file: TokenFile): TokenAuthenticator {
  return (token: string) => file.tokens.get(token);
}
