// fast-json-patch, loaded at the first JSON patch (its pointer unescaping and deep equality, see
// json-patch.ts) instead of at import: ~12 ms of a start-up that needs none of it (architecture §1, the
// bundle). Patching is synchronous, so it is required, not imported: the package's main is CommonJS.
import { createRequire } from 'node:module';

type JsonPatchLibrary = typeof import('fast-json-patch');

const requireFromHere = createRequire(import.meta.url);
let loaded: JsonPatchLibrary | undefined;

/** The fast-json-patch module, loaded once. */
export const jsonPatchLibrary = (): JsonPatchLibrary => (loaded ??= requireFromHere('fast-json-patch') as JsonPatchLibrary);
