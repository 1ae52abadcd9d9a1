/** Serves the built app (npm run test:e2e builds it first) for the whole e2e run. */
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { serveDist } from '../src/cli/staticServer';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run test:e2e`, which builds the app first.');
  const server = await serveDist('dist');
  project.provide('baseUrl', server.url);
  return server.close;
}
