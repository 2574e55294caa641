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
# In one vitest run the projects' groups run one after another: unit and infra share vitest's workers (numCpus - 1 by
# default, one here: two given, as the run's last minutes were this process alone on one core), then every project
# without file parallelism (api, e2e: their files one after another on a stack of their own) goes into one sequential group. So without arguments api and e2e run in vitest processes of their own beside
# unit and infra (their reports follow). The browser tests mostly wait (for Chromium, the stack, the network): they
# run in two halves (vitest --shard, by file), each with a stack and a Chromium of its own. The API tests too: in one
# process they were the longest part (about 11 minutes of 2 cores' wall time at 50 files), in two halves each with a
# stack of its own they use the cores the waiting leaves.
vitest=(node_modules/.bin/vitest run --config test/vitest.config.ts --reporter=default --reporter=json)
E2E_SHARDS=2
API_SHARDS=2
status=0
# Each part that ended with an error, named on the last line: vitest also fails a run whose tests all passed when an
# error escaped them (an unhandled rejection, a worker that did not stop), which the counts alone do not show.
failed=()
rm -f .local/test-results*.json
if [ $# -eq 0 ]; then
  declare -A beside=()
  for shard in $(seq 1 $API_SHARDS); do
    "${vitest[@]}" --outputFile.json=.local/test-results-api-$shard.json --project api --shard=$shard/$API_SHARDS >.local/test-api-$shard.log 2>&1 &
    beside[api-$shard]=$!
  done
  for shard in $(seq 1 $E2E_SHARDS); do
    "${vitest[@]}" --outputFile.json=.local/test-results-e2e-$shard.json --project e2e --shard=$shard/$E2E_SHARDS >.local/test-e2e-$shard.log 2>&1 &
    beside[e2e-$shard]=$!
  done
  code=0
  "${vitest[@]}" --outputFile.json=.local/test-results.json --project unit --project infra --project isolated --maxWorkers=2 2>&1 | tee .local/test-unit.log || code=${PIPESTATUS[0]}
  if [ $code -ne 0 ]; then
    status=$code
    failed+=("unit and infra (exit $code)")
  fi
  for part in $(seq -f 'api-%g' 1 $API_SHARDS) $(seq -f 'e2e-%g' 1 $E2E_SHARDS); do
    echo "== $part tests, run beside the above"
    code=0
    wait "${beside[$part]}" || code=$?
    cat .local/test-$part.log
    if [ $code -ne 0 ]; then
      status=$code
      failed+=("$part (exit $code)")
    fi
  done
else
  "${vitest[@]}" --outputFile.json=.local/test-results.json "$@" || status=$?
fi
echo "== typecheck and format"
cat .local/checks.log
wait $checks || {
  echo "typecheck or format check failed (above)"
  status=1
  failed+=("typecheck or format")
}
node -e '
  const fs = require("fs");
  const runs = fs.readdirSync(".local").filter((f) => /^test-results(-[\w-]+)?\.json$/.test(f)).map((f) => JSON.parse(fs.readFileSync(`.local/${f}`, "utf8")));
  const sum = (k) => runs.reduce((n, r) => n + (r[k] || 0), 0);
  const skipped = sum("numPendingTests") + sum("numTodoTests");
  console.log(`${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed` + (skipped ? `, ${skipped} skipped` : ""));
' || true
if [ ${#failed[@]} -ne 0 ]; then
  # What vitest reported beside the tests' own results (the part's log above has the rest).
  grep -h -A12 -E "Unhandled (Error|Rejection)|Errors? occurred|Timeout (calling|terminating)" .local/test-*.log | head -60 || true
  echo "failed: ${failed[*]}"
fi
exit $status
