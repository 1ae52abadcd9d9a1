import { defineConfig } from 'vitest/config';

/** Every module may have side effects except the @stdlib maths packages, which are pure. */
const STDLIB_IS_PURE = (id: string): boolean => !/[\\/]node_modules[\\/]@stdlib[\\/]/.test(id);

export default defineConfig({
  base: './',
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  // Panels are Preact components written in TSX (src/ui): the automatic JSX runtime from preact.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The deterministic maths (src/geometry/math.ts) comes from small pure CommonJS packages: saying
  // so lets the bundle leave out the functions a chunk never calls.
  build: { target: 'es2022', sourcemap: true, manifest: true, chunkSizeWarningLimit: 2000, rollupOptions: { treeshake: { moduleSideEffects: STDLIB_IS_PURE } } },
  worker: { rollupOptions: { treeshake: { moduleSideEffects: STDLIB_IS_PURE } } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['tests/support/setup.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
