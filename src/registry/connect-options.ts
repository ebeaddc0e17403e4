// The options object of a connect request, which admission sees as the request's object (upstream
// getRequestOptions: the query, and a proxy's path, decoded into the options kind by the parameter codec):
// PodExecOptions, PodAttachOptions, PodPortForwardOptions, and the proxy options kinds. Fields in the Go
// struct's order; empty ones left out where Go's json omits them.
import { badRequest } from '../errors/status-error.js';
import type { KubeObject } from '../apis/meta/v1/types.js';

/** upstream runtime.Convert_Slice_string_To_bool: no value is false; "0", "f" and "false" (any case) too; any other true. */
function queryBool(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value !== null && !['0', 'f', 'false'].includes(value.toLowerCase());
}

const options = (kind: string, fields: Record<string, unknown>): KubeObject => ({ kind, apiVersion: 'v1', ...fields }) as unknown as KubeObject;

/** PodExecOptions or PodAttachOptions: the stream flags, the container, and (exec) the command, null when none. */
export function streamOptions(kind: 'PodExecOptions' | 'PodAttachOptions', query: URLSearchParams): KubeObject {
  const fields: Record<string, unknown> = {};
  for (const flag of ['stdin', 'stdout', 'stderr', 'tty']) if (queryBool(query, flag)) fields[flag] = true;
  const container = query.get('container');
  if (container) fields['container'] = container;
  if (kind === 'PodExecOptions') {
    const command = query.getAll('command');
    fields['command'] = command.length > 0 ? command : null;
  }
  return options(kind, fields);
}

/**
 * PodPortForwardOptions (metav1 Convert_Slice_string_To_Slice_int32): every `ports` value, split on commas, a
 * 16-bit unsigned number (strconv.ParseUint(v, 10, 16)); anything else a 400 with its error.
 */
export function portForwardOptions(query: URLSearchParams): KubeObject {
  const ports = query.getAll('ports').flatMap((value) => value.split(',')).map((value) => {
    const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isNaN(port) || port > 65_535) throw badRequest(`cannot convert to []int32: strconv.ParseUint: parsing ${JSON.stringify(value)}: ${Number.isNaN(port) ? 'invalid syntax' : 'value out of range'}`);
    return port;
  });
  return options('PodPortForwardOptions', ports.length > 0 ? { ports } : {});
}

/**
 * PodProxyOptions, NodeProxyOptions or ServiceProxyOptions: the path below `proxy/`, with a leading slash, and a
 * trailing one when the request's path had it (`path`'s query value is replaced, as upstream replaces it).
 */
export function proxyOptions(kind: string, subpath: string, trailingSlash: boolean): KubeObject {
  let path = subpath === '' || subpath.startsWith('/') ? subpath : `/${subpath}`;
  if (trailingSlash && !path.endsWith('/')) path += '/';
  return options(kind, path === '' ? {} : { path });
}
