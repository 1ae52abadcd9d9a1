#!/usr/bin/env node
// The `vedette` command: runs the TypeScript CLI (src/cli/main.ts) through tsx, in-process.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
