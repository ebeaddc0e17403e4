// The values apps validation reports, as upstream's field errors print them: Go's %#v of the internal
// apps types (`v1.LabelSelector{...}`, `intstr.IntOrString{...}`, `apps.DeploymentStrategy{...}`).
// Clients show these texts to users, so they are upstream's byte for byte, with one deviation shared
// with flowcontrol (go-syntax.ts): a non-nil nested pointer, which Go prints as an address, is
// printed as the value it points to (`&apps.RollingUpdateDeployment{...}`).
import { GoLiteral } from '../../../errors/field-errors.js';
import { badRequest, isStatusError } from '../../../errors/status-error.js';
import { parseGoInt64 } from '../../../schema/query-parameters.js';
import { goLabelSelector as goSelectorText, goQuote, goStringMap } from '../../../registry/selectors/go-format.js';
import type { LabelSelector } from '../../meta/v1/schemas.generated.js';

export { goStringMap };

/** %#v of a meta/v1 LabelSelector (a pointer's target, as field errors dereference it; nil prints `null`). */
export function goLabelSelector(selector: LabelSelector | undefined | null): GoLiteral {
  return new GoLiteral(selector ? goSelectorText(selector) : 'null');
}

/** %#v of an intstr.IntOrString (Type 0 for an integer, 1 for a string). */
export function goIntOrString(value: number | string | undefined | null): string {
  if (typeof value === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(value)}}`;
  return `intstr.IntOrString{Type:0, IntVal:${value ?? 0}, StrVal:""}`;
}

/** A nested pointer field: `(*T)(nil)`, or `&T{...}` (see the file comment). */
export function goPointer<V>(type: string, value: V | undefined | null, render: (value: V) => string): string {
  return value === undefined || value === null ? `(*${type})(nil)` : `&${render(value)}`;
}

/** %#v of apps.RollingUpdateDeployment and apps.RollingUpdateDaemonSet (the same two fields). */
function goRollingUpdate(type: string, rolling: { maxUnavailable?: number | string; maxSurge?: number | string }): string {
  return `apps.${type}{MaxUnavailable:${goIntOrString(rolling.maxUnavailable)}, MaxSurge:${goIntOrString(rolling.maxSurge)}}`;
}

/** %#v of apps.DeploymentStrategy or apps.DaemonSetUpdateStrategy. */
export function goStrategy(
  struct: 'DeploymentStrategy' | 'DaemonSetUpdateStrategy',
  rollingType: 'RollingUpdateDeployment' | 'RollingUpdateDaemonSet',
  strategy: { type?: string; rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string } } | undefined,
): GoLiteral {
  const rolling = goPointer(`apps.${rollingType}`, strategy?.rollingUpdate, (r) => goRollingUpdate(rollingType, r));
  return new GoLiteral(`apps.${struct}{Type:${goQuote(strategy?.type ?? '')}, RollingUpdate:${rolling}}`);
}

/**
 * An int64 apps/v1 carries in an annotation, parsed as upstream's conversion does while decoding the
 * body: strconv.ParseInt's error fails the request with the decoder's 400, `<Kind> in version "v1"
 * cannot be handled as a <Kind>: <detail><strconv error>`.
 */
export function decodeInt64Annotation(value: string, kind: string, detail = ''): number {
  try {
    return parseGoInt64(value);
  } catch (error) {
    if (!isStatusError(error)) throw error;
    throw badRequest(`${kind} in version "v1" cannot be handled as a ${kind}: ${detail}${error.message}`);
  }
}
