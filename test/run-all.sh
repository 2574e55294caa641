#!/usr/bin/env bash
# npm test: every test — types, unit, infra (CDK + emulators), API over HTTP, browser e2e in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true CDK_DISABLE_CLI_TELEMETRY=true LOG_LEVEL=${LOG_LEVEL:-silent}
mkdir -p .local

echo "== typecheck"
node_modules/.bin/tsc -p tsconfig.json --noEmit

echo "== format (prettier --check; npx prettier --write . fixes it)"
node_modules/.bin/prettier --check --log-level warn .

echo "== chromium for browser tests"
bash test/e2e/ensure-chromium.sh

echo "== build the console"
node_modules/.bin/vite build --config frontend/vite.config.ts --logLevel warn

echo "== tests"
status=0
node_modules/.bin/vitest run --config test/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.local/test-results.json "$@" || status=$?
node -e '
  const r = require("./.local/test-results.json");
  const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || true
exit $status
