#!/usr/bin/env bash
# npm test: every test — types, unit, infra (CDK + emulators), API over HTTP, browser e2e in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true CDK_DISABLE_CLI_TELEMETRY=true LOG_LEVEL=${LOG_LEVEL:-silent}
mkdir -p .local

# The typecheck and the format check run beside the build and the tests (the tests leave a core idle for a good part
# of their run); their output and verdict come at the end. `npm run typecheck` alone answers in half a minute.
echo "== typecheck and format (prettier --check; npx prettier --write . fixes it), beside the tests"
(node_modules/.bin/tsc -p tsconfig.json --noEmit && node_modules/.bin/prettier --check --log-level warn .) >.local/checks.log 2>&1 &
checks=$!

echo "== chromium for browser tests"
bash test/e2e/ensure-chromium.sh

echo "== build the console"
node_modules/.bin/vite build --config frontend/vite.config.ts --logLevel warn

echo "== tests"
# api and e2e each run their files one after another on a stack of their own. In one vitest run, every project
# without file parallelism (maxWorkers 1) goes into one sequential group, so the e2e files would wait for the api
# ones: without arguments the browser tests run in a vitest of their own beside the others (their report follows).
vitest=(node_modules/.bin/vitest run --config test/vitest.config.ts --reporter=default --reporter=json)
status=0
if [ $# -eq 0 ]; then
  rm -f .local/test-results-e2e.json
  "${vitest[@]}" --outputFile.json=.local/test-results-e2e.json --project e2e >.local/test-e2e.log 2>&1 &
  e2e=$!
  "${vitest[@]}" --outputFile.json=.local/test-results.json --project unit --project infra --project api || status=$?
  echo "== browser tests (e2e), run beside the above"
  wait $e2e || status=$?
  cat .local/test-e2e.log
else
  rm -f .local/test-results-e2e.json
  "${vitest[@]}" --outputFile.json=.local/test-results.json "$@" || status=$?
fi
echo "== typecheck and format"
cat .local/checks.log
wait $checks || { echo "typecheck or format check failed (above)"; status=1; }
node -e '
  const fs = require("fs");
  const runs = [".local/test-results.json", ".local/test-results-e2e.json"].filter((f) => fs.existsSync(f)).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
  const sum = (k) => runs.reduce((n, r) => n + (r[k] || 0), 0);
  const skipped = sum("numPendingTests") + sum("numTodoTests");
  console.log(`${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || true
exit $status
