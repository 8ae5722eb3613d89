// ESLint (flat config) for the webview UI (ui/js: browser ES modules) and the JavaScript tests
// (tests/: Node ES modules; page functions passed to the browser use its globals too).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', 'target/', 'gen/', 'tests/screenshots/', 'dist/'] },
  js.configs.recommended,
  {
    files: ['ui/js/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    // The web app's service worker and its build step (webapp/: scripts/build-web.sh).
    files: ['webapp/sw.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // ... and the Node scripts beside the web crate (its smoke test).
    files: ['webapp/**/*.mjs', 'src-tauri/web/**/*.mjs'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    files: ['tests/**/*.js', 'tests/**/*.mjs', 'eslint.config.js'],
    // Test code hands functions to page.evaluate / waitForFunction, which run in the page.
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
];
