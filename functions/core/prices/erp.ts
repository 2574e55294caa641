/**
 * PUT /erp/pos/{id}/prices: the merchant's ERP sets a machine's prices with the merchant's API token instead
 * of a console sign-in ("via ERP API"). The token is compared in constant time and never logged.
 */
import { MAX_CLOUD_MESSAGE_BYTES } from '#schemas/iot-constants';
import { ERP_AUTHOR } from '#schemas/prices-constants';
import type { ErpPricesResult, ErpPricesSave } from '#schemas/prices';
import { messageBytes, newCommandId } from '../remote-commands/delivery';
import { MessageTooLargeException, RemoteCommandPendingException } from '../remote-commands/errors';
import { tokenMatches } from '../shared/api-token';
import type { Principal } from '../shared/principal';
import { ApiTokenRejectedException, ErpApiNotEnabledException } from './errors';
import type { ErpSettings } from './ports';
import { getPrices, planogramOf, pricesOnPlanogram, saveMachinePrices, sendSavedPrices, type PriceSendDeps } from './use-cases';
import { recordCaller } from '../audit/change-recorder';

export interface ErpDeps extends PriceSendDeps {
  erpSettings: (merchantId: string) => Promise<ErpSettings | undefined>;
}

/** The ERP acts as an administrator of the machine's merchant, named "ERP API" in who saved and sent. */
const erpPrincipal = (merchantId: string): Principal => ({
  userId: 'erp-api',
  email: ERP_AUTHOR,
  role: 'NEBULARMERCHANTADMIN',
  merchantIds: [merchantId],
  groupIds: [],
  allMerchants: false,
});

export async function erpSavePrices(deps: ErpDeps, token: string | undefined, serial: string, body: ErpPricesSave): Promise<ErpPricesResult> {
  const registration = await deps.pos.registration(serial);
  const settings = registration && (await deps.erpSettings(registration.merchantId));
  // An unknown machine is told apart from a wrong token by nothing, not even the time the answer takes.
  if (!tokenMatches(token ?? '', settings?.apiTokenHash ?? '') || !registration || !settings) throw new ApiTokenRejectedException();
  recordCaller('apiToken', registration.merchantId);
  if (!settings.erpApi) throw new ErpApiNotEnabledException();

  const principal = erpPrincipal(registration.merchantId);
  const stored = await deps.pos.get(registration.merchantId, serial);
  if (!stored) throw new ApiTokenRejectedException();
  const { record } = stored;
  const prices = pricesOnPlanogram(await planogramOf(deps, record), body.prices);
  const immediate = settings.pricesSync === 'IMMEDIATE';
  if (immediate) {
    // Checked before saving: prices too large to send are not kept either.
    const bytes = messageBytes({ id: newCommandId(deps.now()), serial, type: 12, params: { prices }, createdAt: deps.now() });
    if (bytes > MAX_CLOUD_MESSAGE_BYTES) throw new MessageTooLargeException(bytes, MAX_CLOUD_MESSAGE_BYTES);
  }
  const saved = await saveMachinePrices(deps, record, { version: body.version, prices, origin: 'erpApi', action: 'save', by: ERP_AUTHOR });
  let sent = false;
  if (immediate) {
    try {
      await sendSavedPrices(deps, principal, record, saved);
      sent = true;
    } catch (error) {
      // A send of prices is pending already: these stay saved and pending; the ERP may call again later.
      if (!(error instanceof RemoteCommandPendingException)) throw error;
    }
  }
  return { ...(await getPrices(deps, principal, serial)), sent };
}
