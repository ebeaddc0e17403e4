// Shared pieces of the pod validation tests: a defaulted valid pod to mutate, and the error shape
// the tables compare (type, field path, detail).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { Container, Pod, PodSpec } from '../../schemas.generated.js';
import { defaultPod } from '../defaults.js';
import { podFixture } from '../testdata.js';

/** `[type, field, detail]`, the type without its `FieldValue` prefix (e.g. `Invalid`). */
export type Expected = [type: string, field: string, detail: string];

/** A test case: a change to the defaulted fixture pod and the errors it must give, in order. */
export interface Case {
  name: string;
  change: (pod: Pod, spec: PodSpec, web: Container) => void;
  want: Expected[];
}

/** The defaulted, valid fixture. */
export function validPod(): Pod {
  const pod = podFixture();
  defaultPod(pod);
  return pod;
}

/** The compared shape of errors. */
export const shape = (errors: readonly FieldError[]): Expected[] =>
  errors.map((e) => [e.type.replace('FieldValue', ''), e.field, e.detail ?? '']);

/** A pod after `change`, with its spec and first container handed to the change. */
export function changed(change: Case['change']): Pod {
  const pod = validPod();
  const spec = pod.spec as PodSpec;
  change(pod, spec, spec.containers[0] as Container);
  return pod;
}

/** One test per case: `validate` of the changed fixture gives exactly the expected errors. */
export function runCases(title: string, cases: readonly Case[], validate: (pod: Pod) => readonly FieldError[]): void {
  describe(title, () => {
    for (const c of cases) it(c.name, () => assert.deepEqual(shape(validate(changed(c.change))), c.want));
  });
}
