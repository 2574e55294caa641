import { performance } from 'node:perf_hooks';
import { localSuperAdminAuthorization } from './measure';
process.env.LOG_LEVEL = 'silent'; process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const { startStackProcess } = await import('../../infra/local/stack-process');
const stack = await startStackProcess();
const { info } = stack;
const authorization = await localSuperAdminAuthorization(info);
const paths = process.argv.slice(2);
for (const path of paths) {
  const ms: number[] = [];
  for (let i = 0; i < 200; i++) { const t0 = performance.now(); const res = await fetch(`${info.api}${path}`, { headers: { authorization } }); await res.text(); if (i === 0) console.log(res.status); ms.push(performance.now() - t0); }
  const s = ms.slice(50).sort((a, b) => a - b); console.log(path, 'p50', s[Math.floor(s.length / 2)]!.toFixed(2), 'p95', s[Math.floor(s.length * 0.95)]!.toFixed(2));
}
await stack.stop(); process.exit(0);
