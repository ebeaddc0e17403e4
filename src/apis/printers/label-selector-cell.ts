// upstream metav1.FormatLabelSelector, the SELECTOR cell of workloads whose selector is a meta/v1
// LabelSelector (jobs, cronjobs' job templates): the selector's canonical string, `<none>` when it
// selects everything or nothing, `<error>` when it does not convert.
import type { LabelSelectorObject } from '../../registry/selectors/label-selector-object.js';
import { labelSelectorFromObject } from '../../registry/selectors/label-selector-object.js';

/** The selector as `kubectl get -o wide` shows it. */
export function formatLabelSelector(selector: LabelSelectorObject | undefined): string {
  let text: string;
  try {
    text = labelSelectorFromObject(selector).toString();
  } catch {
    return '<error>';
  }
  return text === '' ? '<none>' : text;
}
