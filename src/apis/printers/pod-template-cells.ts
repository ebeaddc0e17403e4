// Cells several workload tables share (upstream printers' layoutContainerCells and labels.FormatLabels).

/** Container names and images of a pod template, each comma-joined in order. */
export function containerCells(containers: readonly { name: string; image?: string }[] | undefined): { names: string; images: string } {
  const list = containers ?? [];
  return { names: list.map((c) => c.name).join(','), images: list.map((c) => c.image ?? '').join(',') };
}

/** upstream labels.FormatLabels: `k=v` pairs sorted by key and comma-joined, `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | undefined): string {
  const text = selectorFromSet(labels);
  return text === '' ? '<none>' : text;
}

/** upstream labels.SelectorFromSet(set).String(): `k=v` pairs sorted by key, comma-joined ('' when empty). */
export function selectorFromSet(labels: Record<string, string> | undefined): string {
  return Object.keys(labels ?? {})
    .sort()
    .map((key) => `${key}=${labels?.[key] ?? ''}`)
    .join(',');
}
