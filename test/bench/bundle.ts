/**
 * The esbuild options the CDK uses for every Lambda (infra/constructs/app-function.ts → NodejsFunction
 * bundling: ESM, node22, minified, linked source map without sources, module/main fields, the require()
 * banner, nothing external), so the bench and any size test measure what gets deployed.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { ESM_REQUIRE_BANNER } from '../../infra/constructs/app-function';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const LAMBDA_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  external: [],
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** Entry of a route group's Lambda. */
export const groupEntry = (group: string) => join(REPO_ROOT, 'functions/api', group, 'handler.ts');

/**
 * Every Lambda the CDK deploys, from the same manifests: one per API route group (`api/<group>`) and one per
 * trigger of functions/triggers/manifest.ts (`trigger/<name>`: the IoT rules', the scheduled sweeps', the
 * notification sender's and feedback's and the workflow Tasks').
 */
export async function lambdaEntries(): Promise<Array<{ name: string; entry: string }>> {
  const [{ groups }, { triggers, triggerEntry }] = await Promise.all([import('../../functions/api/manifest'), import('../../functions/triggers/manifest')]);
  return [
    ...groups.map((g) => ({ name: `api/${g.name}`, entry: groupEntry(g.name) })),
    ...triggers.map((t) => ({ name: `trigger/${t.name}`, entry: join(REPO_ROOT, triggerEntry(t.name)) })),
  ];
}

export interface BundleResult {
  /** The bundle, `<outdir>/index.mjs` as the CDK names it. */
  outfile: string;
  /** Size of index.mjs in bytes (the source map is a separate file). */
  bytes: number;
  mapBytes: number;
  metafile: Metafile;
}

/** Bundles one entry exactly like the CDK into `outdir/index.mjs`. */
export async function bundleEntry(entry: string, outdir: string): Promise<BundleResult> {
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, 'index.mjs');
  const result = await build({ ...LAMBDA_BUNDLE_OPTIONS, entryPoints: [resolve(entry)], outfile, metafile: true, absWorkingDir: REPO_ROOT });
  return { outfile, bytes: statSync(outfile).size, mapBytes: statSync(`${outfile}.map`).size, metafile: result.metafile };
}

/** Bytes of the bundle's output per npm package (or `(project)` for our own sources), largest first. */
export function bytesByPackage(metafile: Metafile): Array<{ name: string; bytes: number }> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const name = m ? m[1]! : '(project)';
      totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...totals].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}
