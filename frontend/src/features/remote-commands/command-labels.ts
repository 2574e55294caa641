import { PERIPHERALS, type RemoteCommandType } from '#schemas/remote-command';
import { parseMoneyInput } from '../../lib/money-input';

/** Spec §4 types 1–19. */
export const TYPE_MESSAGES: Record<RemoteCommandType, string> = {
  1: 'remoteCommands.type.collectAudit',
  2: 'remoteCommands.type.readAlarms',
  3: 'remoteCommands.type.readSalesCounters',
  4: 'remoteCommands.type.restartDevice',
  5: 'remoteCommands.type.restartMachine',
  6: 'remoteCommands.type.sendExternalCredit',
  7: 'remoteCommands.type.sendConfigToDevice',
  8: 'remoteCommands.type.returnCash',
  9: 'remoteCommands.type.readStartupInfo',
  10: 'remoteCommands.type.readConfiguration',
  11: 'remoteCommands.type.readAuditPlusRefill',
  12: 'remoteCommands.type.sendPrices',
  13: 'remoteCommands.type.sendConfiguration',
  14: 'remoteCommands.type.updateFirmware',
  15: 'remoteCommands.type.resetConfiguration',
  16: 'remoteCommands.type.updateDatabase',
  17: 'remoteCommands.type.updatePeripheralFirmware',
  18: 'remoteCommands.type.updatePeripheralDatabase',
  19: 'remoteCommands.type.updateAccountability',
};

/** Spec §4 statuses and the badge tone of each. */
export const STATUS_MESSAGES: Record<number, string> = {
  0: 'remoteCommands.status.scheduled',
  1: 'remoteCommands.status.running',
  2: 'remoteCommands.status.received',
  3: 'remoteCommands.status.notExecuted',
  4: 'remoteCommands.status.receivedWithWarnings',
  5: 'remoteCommands.status.receivedWithErrors',
};
export const STATUS_TONE: Record<number, 'ok' | 'warn' | 'bad' | 'neutral'> = { 0: 'neutral', 1: 'neutral', 2: 'ok', 3: 'bad', 4: 'warn', 5: 'bad' };

/** Spec §4 results. */
export const RESULT_MESSAGES: Record<number, string> = {
  0: 'remoteCommands.result.success',
  1: 'remoteCommands.result.idNotSupported',
  2: 'remoteCommands.result.unspecifiedError',
  3: 'remoteCommands.result.unspecifiedWarning',
  [-1]: 'remoteCommands.result.retriesExceeded',
  [-2]: 'remoteCommands.result.expired',
  [-3]: 'remoteCommands.result.cancelledByUser',
};

/** What the wizard asks for each type that carries something (the others send nothing more). */
export type ParamField =
  | { name: 'amount'; kind: 'money'; labelId: string }
  | { name: 'version' | 'configurationId'; kind: 'text'; labelId: string }
  | { name: 'peripheral'; kind: 'peripheral'; labelId: string }
  | { name: 'values' | 'prices'; kind: 'lines'; labelId: string; hintId: string };

const amount: ParamField = { name: 'amount', kind: 'money', labelId: 'remoteCommands.param.amount' };
const version: ParamField = { name: 'version', kind: 'text', labelId: 'remoteCommands.param.version' };
const peripheral: ParamField = { name: 'peripheral', kind: 'peripheral', labelId: 'remoteCommands.param.peripheral' };

export const PARAM_FIELDS: Partial<Record<RemoteCommandType, ParamField[]>> = {
  6: [amount],
  7: [{ name: 'configurationId', kind: 'text', labelId: 'remoteCommands.param.configurationId' }],
  8: [amount],
  12: [{ name: 'prices', kind: 'lines', labelId: 'remoteCommands.param.prices', hintId: 'remoteCommands.param.pricesHint' }],
  13: [{ name: 'values', kind: 'lines', labelId: 'remoteCommands.param.values', hintId: 'remoteCommands.param.valuesHint' }],
  14: [version],
  16: [version],
  17: [peripheral, version],
  18: [peripheral, version],
};

export const PERIPHERAL_MESSAGES: Record<(typeof PERIPHERALS)[number], string> = {
  coinChanger: 'remoteCommands.peripheral.coinChanger',
  billValidator: 'remoteCommands.peripheral.billValidator',
  cashless1: 'remoteCommands.peripheral.cashless1',
  cashless2: 'remoteCommands.peripheral.cashless2',
};

/**
 * The wizard's text inputs as the API's params: money typed in major units of the merchant's `currency`, sent in
 * minor units (spec §9: COP, CLP, UYU, PYG and CZK have none below the unit); prices `line;table;value` and values
 * `key=value`, one a line. An amount that does not read as money is left out, so the send body is refused.
 */
export function paramsOf(type: RemoteCommandType, draft: Record<string, string>, currency: string): Record<string, unknown> {
  const lines = (text: string | undefined) =>
    (text ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const money = (text: string) => {
    const parsed = parseMoneyInput(text, currency);
    return parsed.ok ? parsed.minorUnits : undefined;
  };
  const out: Record<string, unknown> = {};
  for (const field of PARAM_FIELDS[type] ?? []) {
    const raw = draft[field.name] ?? '';
    if (field.kind === 'money') {
      const amount = money(raw);
      if (amount !== undefined) out.amount = amount;
    } else if (field.name === 'prices')
      out.prices = lines(raw).map((l) => {
        const [line, priceTable, value] = l.split(/[;\s]+/);
        return { line: Number(line), priceTable: Number(priceTable), value: money(value ?? '') ?? Number.NaN };
      });
    else if (field.name === 'values')
      out.values = Object.fromEntries(lines(raw).map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()]));
    else out[field.name] = raw.trim();
  }
  return out;
}
