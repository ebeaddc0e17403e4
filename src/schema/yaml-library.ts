// The yaml package, loaded at its first use (a YAML body, a YAML response, a duplicate field in YAML, the
// protobuf OpenAPI v2 document) instead of at import: its load is ~35-40 ms of a start-up that needs none
// of it (architecture §1, the bundle). Its users are synchronous, so it is required, not imported: the
// package ships CommonJS for Node, which createRequire loads in place. Every server use goes through here.
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');

const requireFromHere = createRequire(import.meta.url);
let loaded: Yaml | undefined;

/** The yaml module, loaded once. */
export const yamlLibrary = (): Yaml => (loaded ??= requireFromHere('yaml') as Yaml);
