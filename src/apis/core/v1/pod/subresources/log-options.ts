// PodLogOptions from the query of a log request, as upstream's parameter codec decodes them
// (autoConvert_url_Values_To_v1_PodLogOptions over the runtime and metav1 slice conversions), validated
// as ValidatePodLogOptions, and passed on to the kubelet as LogLocation does (1.25).
import { boolQuery, int64Query, optionalTimeQuery } from '../../../../../schema/query-parameters.js';
import { forbidden, invalid, type FieldError } from '../../../../../errors/field-errors.js';

/** core/v1 PodLogOptions: pointers as optional members, `sinceTime` as RFC 3339 in UTC. */
export interface PodLogOptions {
  container: string;
  follow: boolean;
  previous: boolean;
  sinceSeconds?: number;
  sinceTime?: string;
  timestamps: boolean;
  tailLines?: number;
  limitBytes?: number;
  insecureSkipTLSVerifyBackend: boolean;
}

/**
 * The options of `query`, converted field by field in the struct's order, so the first bad value is the
 * 400 (strconv.ParseInt's or time.Parse's text, as upstream's handler wraps DecodeParameters' error).
 */
export function decodePodLogOptions(query: URLSearchParams): PodLogOptions {
  const options: PodLogOptions = {
    container: query.get('container') ?? '',
    follow: boolQuery(query, 'follow'),
    previous: boolQuery(query, 'previous'),
    timestamps: false,
    insecureSkipTLSVerifyBackend: false,
  };
  const sinceSeconds = int64Query(query, 'sinceSeconds');
  if (sinceSeconds !== undefined) options.sinceSeconds = sinceSeconds;
  const sinceTime = optionalTimeQuery(query, 'sinceTime');
  if (sinceTime !== undefined) options.sinceTime = sinceTime;
  options.timestamps = boolQuery(query, 'timestamps');
  const tailLines = int64Query(query, 'tailLines');
  if (tailLines !== undefined) options.tailLines = tailLines;
  const limitBytes = int64Query(query, 'limitBytes');
  if (limitBytes !== undefined) options.limitBytes = limitBytes;
  options.insecureSkipTLSVerifyBackend = boolQuery(query, 'insecureSkipTLSVerifyBackend');
  return options;
}

/** upstream ValidatePodLogOptions. */
export function validatePodLogOptions(options: PodLogOptions): FieldError[] {
  const errors: FieldError[] = [];
  const { tailLines, limitBytes, sinceSeconds, sinceTime } = options;
  if (tailLines !== undefined && tailLines < 0) errors.push(invalid('tailLines', tailLines, 'must be greater than or equal to 0'));
  if (limitBytes !== undefined && limitBytes < 1) errors.push(invalid('limitBytes', limitBytes, 'must be greater than 0'));
  if (sinceSeconds !== undefined && sinceTime !== undefined) {
    errors.push(forbidden('', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  } else if (sinceSeconds !== undefined && sinceSeconds < 1) {
    errors.push(invalid('sinceSeconds', sinceSeconds, 'must be greater than 0'));
  }
  return errors;
}

/**
 * The query of the kubelet's containerLogs URL (upstream LogLocation: the options set, as url.Values.Encode
 * writes them, keys sorted). `sinceTime` is written in UTC; upstream writes it in the server's local zone,
 * which is UTC where kube-apiserver runs in its image.
 */
export function kubeletLogQuery(options: PodLogOptions): string {
  const params: Array<[string, string]> = [];
  if (options.follow) params.push(['follow', 'true']);
  if (options.previous) params.push(['previous', 'true']);
  if (options.timestamps) params.push(['timestamps', 'true']);
  if (options.sinceSeconds !== undefined) params.push(['sinceSeconds', String(options.sinceSeconds)]);
  if (options.sinceTime !== undefined) params.push(['sinceTime', options.sinceTime]);
  if (options.tailLines !== undefined) params.push(['tailLines', String(options.tailLines)]);
  if (options.limitBytes !== undefined) params.push(['limitBytes', String(options.limitBytes)]);
  return new URLSearchParams(params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
}
