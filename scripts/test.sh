#!/usr/bin/env bash
# Every test Vedette has: typecheck, lint, unit, end-to-end in real Chromium.
# Ends with one plain line "tests: N passed, N failed" summing the unit and e2e runs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci
mkdir -p test-results
echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== lint"; npx eslint .
echo "== unit"; npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
echo "== e2e"; node scripts/ensure-chromium.mjs
npx vite build --mode e2e --logLevel warn
echo "== initial JavaScript (budget 250 KB gzip)"; node scripts/bundle-size.mjs --max 250 | tail -1
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=test-results/e2e.json
node -e '
const fs = require("fs");
let p = 0, f = 0;
for (const n of ["unit", "e2e"]) { const r = JSON.parse(fs.readFileSync(`test-results/${n}.json`, "utf8")); p += r.numPassedTests; f += r.numFailedTests; }
console.log(`tests: ${p} passed, ${f} failed`);
process.exit(f > 0 || p === 0 ? 1 : 0);
'
