// Installs Debian's chromium for the end-to-end tests where it is missing (Playwright cannot
// download its own browser here). Needs root, as on the project's machines and CI.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
console.log(`${path} is missing: installing Debian's chromium package…`);
const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
if (!existsSync(path)) {
  console.error(`chromium is still missing at ${path}`);
  process.exit(1);
}
