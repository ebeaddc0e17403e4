// The response's `Warning` headers as upstream's warning recorder (filters/warning.go, 1.25) writes them from
// the warnings a request gathered (deprecations, field validation, strategies, admission plugins and
// webhooks): each text once, as `299 - "<text>"` (Go's strconv.Quote, via net.NewWarningHeader, which refuses
// texts with control characters or invalid UTF-8); past 4096 characters in all, every warning is cut to 256
// characters and those that no longer fit are dropped.
import { goQuote } from '../registry/selectors/go-format.js';

/** upstream truncateAtTotalRunes and truncateItemRunes. */
const TOTAL_RUNES = 4 * 1024;
const ITEM_RUNES = 256;

// Go's unicode.IsControl (C0, DEL, C1), and a lone surrogate (not valid UTF-8).
const UNSENDABLE = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const runes = (text: string): string[] => [...text];

/** The `Warning` header values for `warnings`, in order. */
export function warningHeaderValues(warnings: readonly string[]): string[] {
  const seen = new Set<string>();
  const ordered: string[] = [];
  const headers: string[] = [];
  let written = 0;
  let truncating = false;
  for (const text of warnings) {
    if (text.length === 0 || (truncating && written >= TOTAL_RUNES) || seen.has(text)) continue;
    seen.add(text);
    ordered.push(text);
    let chars = runes(text);
    if (truncating && chars.length > ITEM_RUNES) chars = chars.slice(0, ITEM_RUNES);
    if (UNSENDABLE.test(text)) continue;
    if (written + chars.length <= TOTAL_RUNES || truncating) {
      written += chars.length;
      headers.push(header(chars.join('')));
      continue;
    }
    // Over the limit: start again with every warning so far cut to its item limit.
    truncating = true;
    written = 0;
    headers.length = 0;
    for (const earlier of ordered) {
      if (UNSENDABLE.test(earlier)) continue;
      const cut = runes(earlier).slice(0, ITEM_RUNES);
      written += cut.length;
      headers.push(header(cut.join('')));
    }
  }
  return headers;
}

const header = (text: string): string => `299 - ${goQuote(text)}`;
