// Rewrites test/file-weights.json from the last `npm test` run's reports (.local/test-results*.json): seconds per file,
// rounded, for the weighted shards (test/vitest.config.ts). Files of the last run replace their old figures.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const target = new URL('./file-weights.json', import.meta.url);
const weights = JSON.parse(readFileSync(target, 'utf8'));
for (const report of readdirSync(`${root}.local`).filter((f) => /^test-results(-[\w-]+)?\.json$/.test(f))) {
  const { testResults } = JSON.parse(readFileSync(`${root}.local/${report}`, 'utf8'));
  // By the path under the repository (the reports may come from a clean clone elsewhere).
  for (const file of testResults) weights[/(test\/(?:unit|infra|api|e2e)\/.*)$/.exec(file.name)[1]] = Math.round((file.endTime - file.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(target, JSON.stringify(sorted, null, 2) + '\n');
console.log(`${Object.keys(sorted).length} files weighed in ${relative(root, target.pathname)}`);
