// Lint: typescript-eslint's recommended rules, and import boundaries that hold the layering of
// docs/architecture.md (§1): the request path runs server -> filters -> endpoints -> registry ->
// storage, kinds live in apis/ over schema/ and errors/, and no layer imports one above it.
import tseslint from 'typescript-eslint';

/** Folders of src/ a layer may not import from, as gitignore-style patterns (`!` re-allows one file). */
const LAYER_MESSAGE = 'this import crosses a layer boundary (docs/architecture.md §1)';
const forbidden = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message: LAYER_MESSAGE }] }],
});

/**
 * The storage and authorization layers (src/storage, src/authorization) for kinds, told apart from the
 * storage.k8s.io and authorization.k8s.io kinds in apis/<group>/<version>/.
 */
const forbiddenForKinds = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: [
    { group: groups, message: LAYER_MESSAGE },
    { regex: '(^|/)(storage|authorization)(/(?!v1(beta1)?/)|$)', message: LAYER_MESSAGE },
  ] }],
});

/** Tests and test support exercise layers together (a codec test uses real kinds): boundaries hold for product code. */
const TESTS = ['**/*.test.ts', '**/test-*.ts', '**/testdata.ts'];

const above = (...folders) => folders.flatMap((folder) => [`**/${folder}/*`, `**/${folder}`]);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'kplane-data/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  // A timer-bounded wait and the like: plain JavaScript every layer may use, importing nothing of the project.
  { files: ['src/async/**/*.ts'], ignores: TESTS, rules: forbidden(...above('errors', 'apis', 'schema', 'patch', 'storage', 'registry', 'endpoints', 'filters', 'auth', 'authorization', 'admission', 'controllers', 'server', 'cli', 'client', 'quota', 'flowcontrol', 'audit')) },
  { files: ['src/errors/**/*.ts'], ignores: TESTS, rules: forbidden(...above('apis', 'schema', 'patch', 'storage', 'registry', 'endpoints', 'filters', 'auth', 'authorization', 'admission', 'controllers', 'server', 'cli')) },
  { files: ['src/storage/**/*.ts'], ignores: TESTS, rules: forbidden(...above('registry', 'endpoints', 'filters', 'auth', 'authorization', 'admission', 'controllers', 'server', 'cli', 'patch'), '**/apis/*', '!**/apis/meta') },
  { files: ['src/schema/**/*.ts'], ignores: TESTS, rules: forbidden(...above('storage', 'registry', 'endpoints', 'filters', 'auth', 'authorization', 'admission', 'controllers', 'server', 'cli', 'patch'), '**/apis/*', '!**/apis/meta') },
  { files: ['src/patch/**/*.ts'], ignores: TESTS, rules: forbidden(...above('storage', 'registry', 'endpoints', 'filters', 'auth', 'authorization', 'admission', 'controllers', 'server', 'cli')) },
  { files: ['src/apis/**/*.ts'], ignores: TESTS, rules: forbiddenForKinds(...above('endpoints', 'filters', 'auth', 'admission', 'controllers', 'server', 'cli')) },
  { files: ['src/registry/**/*.ts'], ignores: TESTS, rules: forbidden(...above('endpoints', 'filters', 'controllers', 'server', 'cli')) },
  // Quota's evaluators (upstream pkg/quota/v1) are shared by admission and the controller: kinds and quantities only.
  { files: ['src/quota/**/*.ts'], ignores: TESTS, rules: forbidden(...above('storage', 'registry', 'endpoints', 'filters', 'auth', 'authorization', 'admission', 'controllers', 'server', 'cli', 'client', 'patch')) },
  { files: ['src/admission/**/*.ts'], ignores: TESTS, rules: forbidden(...above('endpoints', 'filters', 'controllers', 'server', 'cli')) },
  { files: ['src/controllers/**/*.ts'], ignores: TESTS, rules: forbidden(...above('endpoints', 'filters', 'server', 'cli')) },
  // The client talks to a server over HTTP only: it shares with the server the meta/v1 types and the Status
  // error (as client-go shares apimachinery), nothing of its layers.
  { files: ['src/client/**/*.ts'], ignores: TESTS, rules: forbidden(...above('schema', 'patch', 'storage', 'registry', 'endpoints', 'filters', 'auth', 'authorization', 'admission', 'controllers', 'server', 'cli'), '**/apis/*', '!**/apis/meta') },
  // API Priority and Fairness reads request info and renders its metrics with the server's metric building blocks.
  { files: ['src/flowcontrol/**/*.ts'], ignores: TESTS, rules: forbidden(...above('registry', 'storage', 'filters', 'controllers', 'cli'), '**/server/*', '!**/server/metric-families.js') },
  { files: ['src/auth/**/*.ts', 'src/authorization/**/*.ts', 'src/endpoints/**/*.ts', 'src/filters/**/*.ts'], ignores: TESTS, rules: forbidden(...above('controllers', 'cli'), '**/server/*', '!**/server/http-types.js', '!**/server/metrics.js', '!**/server/request-metrics.js') },
);
