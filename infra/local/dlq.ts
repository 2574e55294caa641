/**
 * `npm run dlq -- list|redrive [--rule <name>] [--json] [--stack .local/stack.json]`: the local IoT rules'
 * dead-letter queues of a running embedded stack (`npm start`), through its IoT endpoint's `/__local/…`
 * routes. `list` prints one line per message that was not delivered after the rule's maxReceiveCount
 * receives (`--json`: the messages themselves); `redrive` moves them back to their rule's queue.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { DeadLetter } from './emulators/iot';
import type { StackInfo } from './stack-info';

const USAGE = 'usage: npm run dlq -- list|redrive [--rule <name>] [--json] [--stack .local/stack.json]';
const OPTIONS = { rule: { type: 'string' }, json: { type: 'boolean' }, stack: { type: 'string' } } as const;

async function call(url: string, method: 'GET' | 'POST'): Promise<unknown> {
  const res = await fetch(url, { method });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Runs the command against the IoT endpoint `iotData`; answers what it prints. */
export async function deadLetterCommand(args: string[], iotData: string): Promise<string> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const query = values.rule ? `?rule=${encodeURIComponent(values.rule)}` : '';
  const [command] = positionals;
  if (command === 'redrive') {
    const { redriven } = (await call(`${iotData}/__local/dead-letters/redrive${query}`, 'POST')) as { redriven: number };
    return `moved ${redriven} dead letter(s) back to their queue${values.rule ? ` (rule ${values.rule})` : 's'}`;
  }
  if (command !== 'list') throw new Error(USAGE);
  const { deadLetters } = (await call(`${iotData}/__local/dead-letters${query}`, 'GET')) as { deadLetters: DeadLetter[] };
  if (values.json) return JSON.stringify(deadLetters, null, 2);
  const lines = deadLetters.map((d) =>
    [
      new Date(d.deadAt).toISOString(),
      d.rule,
      d.id,
      `messageId=${String(d.event.messageId ?? '-')}`,
      `topic=${d.event.topic}`,
      `receives=${d.receives}`,
      d.reason,
    ].join('  '),
  );
  return [...lines, `${deadLetters.length} dead letter(s)${values.rule ? ` in rule ${values.rule}` : ''}`].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { values } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const info = JSON.parse(readFileSync(values.stack ?? '.local/stack.json', 'utf8')) as StackInfo;
  process.stdout.write(`${await deadLetterCommand(args, info.iotData)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
