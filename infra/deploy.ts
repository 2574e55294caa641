/**
 * `npm run deploy [-- --stage <name>] [cdk deploy options]`: builds the SPA and deploys every stack of the stage
 * of the current git branch (stageForBranch), or of the stage named. Needs AWS credentials and a bootstrapped
 * account and region (README).
 */
import { main, runCdk, runScript, stageArgs } from './stage-cli';

await main(async () => {
  const { stage, source, rest } = stageArgs(process.argv.slice(2));
  console.log(`Deploying stage ${stage} (${source}).`);
  const built = await runScript('vite/bin/vite.js', ['build', '--config', 'frontend/vite.config.ts']);
  if (built !== 0) return built;
  return runCdk(['deploy', '--all', '-c', `stage=${stage}`, ...rest]);
});
