/**
 * Frontend bundle figures (deterministic byte counts, DESIGN.md §10), read from the built SPA:
 *
 * - initial route JS of /login and of the dashboard shell: the gzipped sum of every JS chunk the page
 *   loads before the screen shows — the entry from index.html with its static imports (and modulepreloads),
 *   what the entry loads at startup whatever the route (Amplify: configureAuth fetches it at once, the
 *   session needs it before any screen; any other non-screen dynamic import of the entry counts too), one
 *   language catalogue (the largest, to be safe), and the route's lazy screen chunk with its static
 *   imports. Budget ≤ 250 KB gzipped each.
 * - the largest JS chunk, minified (not gzipped): budget ≤ 500 kB (Vite's chunk size warning limit).
 *
 * The chunk graph comes from Vite's manifest (`build.manifest` in frontend/vite.config.ts). Sizes are in
 * bytes; the budgets use 1 KB = 1000 bytes (the stricter reading). gzip at zlib's default level (6).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 250_000;
export const LARGEST_CHUNK_BUDGET_BYTES = 500_000;

/** The screens measured, by the source file of their lazy chunk (see frontend/src/app/router.tsx). */
export const MEASURED_ROUTES = [
  { route: '/login', screen: 'src/features/auth/LoginPage.tsx' },
  { route: '/dashboard (shell)', screen: 'src/features/dashboard/DashboardPage.tsx' },
] as const;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkFigure {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface RouteFigure {
  route: string;
  screen: string;
  chunks: ChunkFigure[];
  bytes: number;
  gzipBytes: number;
  budgetBytes: number;
  verdict: 'PASS' | 'FAIL';
}

export interface FrontendBundleFigures {
  dist: string;
  built: boolean;
  catalogue: string;
  startupChunks: string[];
  routes: RouteFigure[];
  largestChunk: ChunkFigure & { budgetBytes: number; verdict: 'PASS' | 'FAIL' };
  totalJsBytes: number;
  totalJsGzipBytes: number;
}

const manifestPath = (dist: string) => join(dist, '.vite', 'manifest.json');

/** Builds the SPA (npm run build:web) when there is no build with a manifest yet. */
export function ensureBuilt(repoRoot: string, dist: string): boolean {
  if (existsSync(join(dist, 'index.html')) && existsSync(manifestPath(dist))) return false;
  execFileSync(
    join(repoRoot, 'node_modules/.bin/vite'),
    ['build', '--config', 'frontend/vite.config.ts', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 300_000,
    },
  );
  if (!existsSync(manifestPath(dist))) throw new Error(`the build wrote no ${manifestPath(dist)}: is build.manifest on in frontend/vite.config.ts?`);
  return true;
}

export function measureFrontendBundle(repoRoot: string, dist = join(repoRoot, 'frontend/dist')): FrontendBundleFigures {
  const built = ensureBuilt(repoRoot, dist);
  const manifest = JSON.parse(readFileSync(manifestPath(dist), 'utf8')) as Manifest;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');

  const sizes = new Map<string, ChunkFigure>();
  const figure = (file: string): ChunkFigure => {
    let found = sizes.get(file);
    if (!found) {
      const content = readFileSync(join(dist, file));
      found = { file, bytes: content.length, gzipBytes: gzipSync(content).length };
      sizes.set(file, found);
    }
    return found;
  };

  // The entry: the module script of index.html, matched to its manifest chunk.
  const scripts = [...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="\/?([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="\/?([^"]+)"/g)].map((m) => m[1]!);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && scripts.includes(manifest[k]!.file));
  if (!entryKey) throw new Error(`no manifest entry for the module script(s) of index.html: ${scripts.join(', ') || 'none'}`);
  const entry = manifest[entryKey]!;

  /** A chunk with everything it imports statically. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };

  const startup = closure(entryKey);
  for (const file of [...scripts, ...preloads]) if (file.endsWith('.js')) startup.add(file);
  const dynamic = entry.dynamicImports ?? [];
  const catalogues = dynamic.filter((k) => /(^|\/)i18n\/[a-z]{2}\.json$/.test(k));
  const screens = dynamic.filter((k) => manifest[k]?.isDynamicEntry && /^src\/(features|app)\//.test(k));
  const startupDynamic = dynamic.filter((k) => !catalogues.includes(k) && !screens.includes(k));
  for (const key of startupDynamic) closure(key, startup);
  if (catalogues.length === 0) throw new Error('the entry loads no language catalogue: has frontend/src/lib/intl.tsx changed?');
  const catalogue = catalogues.map((k) => figure(manifest[k]!.file)).sort((a, b) => b.gzipBytes - a.gzipBytes)[0]!;
  startup.add(catalogue.file);

  const routes = MEASURED_ROUTES.map(({ route, screen }): RouteFigure => {
    if (!manifest[screen]) throw new Error(`the manifest has no chunk for ${screen}: has the route moved?`);
    const files = closure(screen, new Set(startup));
    const chunks = [...files].map(figure).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const gzipBytes = chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
    return {
      route,
      screen,
      chunks,
      bytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
      gzipBytes,
      budgetBytes: INITIAL_JS_BUDGET_BYTES,
      verdict: gzipBytes <= INITIAL_JS_BUDGET_BYTES ? 'PASS' : 'FAIL',
    };
  });

  const allJs = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && statSync(join(dist, 'assets', f)).isFile())
    .map((f) => figure(`assets/${f}`));
  const largest = [...allJs].sort((a, b) => b.bytes - a.bytes)[0];
  if (!largest) throw new Error(`no JS chunks under ${join(dist, 'assets')}`);

  return {
    dist,
    built,
    catalogue: catalogue.file,
    startupChunks: startupDynamic.map((k) => manifest[k]!.file),
    routes,
    largestChunk: { ...largest, budgetBytes: LARGEST_CHUNK_BUDGET_BYTES, verdict: largest.bytes <= LARGEST_CHUNK_BUDGET_BYTES ? 'PASS' : 'FAIL' },
    totalJsBytes: allJs.reduce((sum, c) => sum + c.bytes, 0),
    totalJsGzipBytes: allJs.reduce((sum, c) => sum + c.gzipBytes, 0),
  };
}
