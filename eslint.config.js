// Lint enforces the layering of ../shared/STYLE.md: arrows point down the list
//   geometry → engine → rules → scenario → ai → store → render → ui → cli
// and never back. A layer may import only from layers above it in that list.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const LAYERS = ['geometry', 'engine', 'rules', 'scenario', 'ai', 'store', 'render', 'ui', 'cli'];
const PURE = new Set(['geometry', 'engine', 'rules', 'scenario', 'ai']);

/** Import patterns a layer may not use: every later layer, plus pixi/zustand for pure layers. */
function forbiddenFor(layer) {
  const later = LAYERS.slice(LAYERS.indexOf(layer) + 1);
  const patterns = later.map((l) => ({
    // Imports climb out of the layer (`../…/<layer>`); a ruleset's own `./ai/` folder (STYLE.md:
    // its candidate actions and evaluation) is not the ai layer, so `**/ai/*` may not be used for it.
    group:
      l === 'ai' && layer === 'rules'
        ? [`../${l}/*`, `../../${l}/*`, `../../../${l}/*`, `../../../../${l}/*`, `../${l}`, `../../${l}`, `../../../${l}`]
        : [`**/${l}/*`, `**/${l}`, `../${l}/*`, `../../${l}/*`, `../../../${l}/*`],
    message: `src/${layer} may not import src/${l}: layers point down the list (STYLE.md).`,
  }));
  if (PURE.has(layer) || layer === 'store') {
    patterns.push({ group: ['pixi.js', 'pixi.js/*', '@pixi/*'], message: `src/${layer} may not import pixi.` });
  }
  if (PURE.has(layer)) {
    patterns.push({ group: ['zustand', 'zustand/*'], message: `src/${layer} is pure: no zustand.` });
  }
  return patterns;
}

const impureGlobals = [
  { name: 'window', message: 'Pure layers may not touch the DOM.' },
  { name: 'document', message: 'Pure layers may not touch the DOM.' },
  { name: 'localStorage', message: 'Pure layers may not touch storage.' },
  { name: 'setTimeout', message: 'No timers below the store: the engine is a pure function.' },
  { name: 'setInterval', message: 'No timers below the store: the engine is a pure function.' },
  { name: 'requestAnimationFrame', message: 'No timers below the store.' },
  { name: 'performance', message: 'No clocks below the store (benchmarks live in src/cli).' },
];
// Engines round these differently in the last bit (Node's V8 and Chromium's disagree), and exact
// contact geometry turns a last bit into a different stop: a save would not replay everywhere.
// sqrt, hypot, abs, min, max, floor, ceil, round, sign, trunc and fround are exact and allowed.
const INEXACT_MATH = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh', 'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'pow', 'cbrt'];
const MATH_MESSAGE = 'rounds differently in each engine, so a save would not replay everywhere: use the function of the same name in src/geometry/math.ts.';
const impureProps = [
  { object: 'Math', property: 'random', message: 'Dice come from the seeded generator in the game state.' },
  ...INEXACT_MATH.map((property) => ({ object: 'Math', property, message: `Math.${property} ${MATH_MESSAGE}` })),
  { object: 'Date', property: 'now', message: 'No clocks below the store: replays must be exact.' },
  { object: 'performance', property: 'now', message: 'No clocks below the store.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
      ],
      // Untrusted text (names from scenario and save files) is shown as text, never parsed as HTML.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Set text, never HTML: names come from untrusted files.' },
        { property: 'outerHTML', message: 'Set text, never HTML: names come from untrusted files.' },
        { property: 'insertAdjacentHTML', message: 'Set text, never HTML: names come from untrusted files.' },
      ],
    },
  },
  {
    // Components render text escaped by default; the raw-HTML prop would undo that.
    files: ['**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No raw HTML in components: text is escaped by default, keep it so.' },
        { selector: "Property[key.name='dangerouslySetInnerHTML']", message: 'No raw HTML in components: text is escaped by default, keep it so.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
      ],
    },
  },
  ...LAYERS.map((layer) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: forbiddenFor(layer) }],
      ...(PURE.has(layer)
        ? {
            'no-restricted-globals': ['error', ...impureGlobals],
            'no-restricted-properties': ['error', ...impureProps],
            'no-restricted-syntax': [
              'error',
              { selector: "NewExpression[callee.name='Date']", message: 'No clocks below the store.' },
              { selector: "BinaryExpression[operator='**']", message: `The ** operator ${MATH_MESSAGE.replace('the function of the same name', 'x * x, or pow')}` },
              { selector: "AssignmentExpression[operator='**=']", message: `The **= operator ${MATH_MESSAGE.replace('the function of the same name', 'x * x, or pow')}` },
            ],
          }
        : {}),
    },
  })),
  {
    files: ['src/cli/**/*.ts', 'scripts/**', 'e2e/**', 'tests/**'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
);
