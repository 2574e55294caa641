import { performance } from 'node:perf_hooks';
import { localSuperAdminAuthorization } from './measure';
process.env.LOG_LEVEL = 'silent'; process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const { startStackProcess } = await import('../../infra/local/stack-process');
const { connectMqtt } = await import('../../infra/local/simulator');
const { DEMO_PINS } = await import('../../infra/local/demo-data');
const stack = await startStackProcess();
const { info } = stack;
const authorization = await localSuperAdminAuthorization(info);
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${info.api}${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text(); if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`); return JSON.parse(text);
};
const serial = `CENG-${String(55_000_000 + Math.floor(Math.random() * 1_000_000))}`;
await call('POST', '/pos/join', { serial, pin: DEMO_PINS['acme-vending'], name: `RT ${serial}` });
const dev = await connectMqtt(info.mqtt, serial);
let onCmd: ((p: any) => void) | undefined;
dev.on('message', (_t, p) => onCmd?.(JSON.parse(p.toString())));
await dev.subscribeAsync(`vend/${serial}/commands`, { qos: 1 });
const rows: number[][] = [];
for (let i = 0; i < 40; i++) {
  const t0 = performance.now();
  const got = new Promise<any>((r) => (onCmd = r));
  const sentP = call('POST', '/remote-commands/send', { serial, type: 5, params: {} });
  const cmd = await got; const tRecv = performance.now();
  const sent = await sentP; const tSent = performance.now();
  await dev.publishAsync(`vend/${serial}/commands/ack`, JSON.stringify({ messageId: `ack${i}x${Date.now()}`, type: 'commands/ack', serial, sentAt: new Date().toISOString(), payload: { commandId: cmd.payload.commandId, result: 0 } }), { qos: 1 });
  const tAck = performance.now(); let polls = 0; let tFirstGet = 0;
  for (;;) { polls++; const g0 = performance.now(); const latest = (await call('GET', `/remote-commands/pos/${serial}?size=1`)).items[0]; if (polls === 1) tFirstGet = performance.now() - g0; if (latest?.id === sent.id && latest.status === 2) break; if (polls > 200) throw new Error('never ' + JSON.stringify(latest) + JSON.stringify(cmd)); }
  const tEnd = performance.now();
  rows.push([tRecv - t0, tSent - t0, tAck - tSent, tEnd - tAck, polls, tFirstGet, tEnd - t0]);
  // cancel nothing: status 2 keeps the type pending? send next of same type
}
const med = (k: number) => { const s = rows.slice(5).map((r) => r[k]!).sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!.toFixed(2); };
console.log('device got cmd', med(0), '| POST returned', med(1), '| ack publish', med(2), '| ack→visible', med(3), '| polls', med(4), '| one GET', med(5), '| total', med(6));
await dev.endAsync(); await stack.stop(); process.exit(0);
