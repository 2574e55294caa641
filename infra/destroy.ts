/**
 * `npm run destroy [-- --stage <name>] [cdk destroy options]`: deletes every stack of the stage of the current git
 * branch, or of the stage named, and with them everything they own: outside prod every table, bucket (objects
 * included), pool and log group is DESTROY (StageConfig.removalPolicy). `prod` is never derived from a branch:
 * it has to be named, CDK asks before deleting, and its table, buckets, user pool, queues, key and log groups stay (RETAIN).
 */
import { PROD_STAGE } from './constructs/stage';
import { main, runCdk, stageArgs } from './stage-cli';

await main(async () => {
  const { stage, source, rest } = stageArgs(process.argv.slice(2));
  const isProd = stage === PROD_STAGE;
  console.log(`Destroying stage ${stage} (${source})${isProd ? ': its table, buckets, user pool, queues, key and log groups are retained' : ''}.`);
  // The templates only name what to delete: placeholder code spares bundling every function.
  return runCdk(['destroy', '--all', '-c', `stage=${stage}`, '-c', 'bundle=false', ...(isProd ? [] : ['--force']), ...rest]);
});
