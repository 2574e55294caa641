import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MerchantSettingsInput, PRICES_SYNC, type MerchantSettings } from '#schemas/merchant-settings';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NumberField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import { currencyDecimals, formatMoney, toMinorUnits } from '../../../lib/format';
import { regenerateApiToken } from '../api/regenerate-api-token';
import { saveMerchantSettings } from '../api/save-merchant-settings';
import { merchantErrorMessageId } from '../messages';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../use-form-submit';

const PRICES_SYNC_LABELS: Record<(typeof PRICES_SYNC)[number], string> = {
  IMMEDIATE: 'merchantSettings.pricesSync.IMMEDIATE',
  AFTER_AUDIT: 'merchantSettings.pricesSync.AFTER_AUDIT',
};

/** The anomaly thresholds typed as percentages (the probability and the cashless ratio are fractions in the API). */
type SettingsDraft = Omit<MerchantSettingsInput, 'pricesSync' | 'anomalyProbability' | 'anomalyOfflineHours' | 'anomalyCashlessRatio'> & {
  pricesSync: string;
  anomalyProbability: number;
  anomalyOfflineHours: number;
  anomalyCashlessRatio: number;
};

/** The merchant settings (spec §3); the maximum refund is typed in major units of the merchant currency. */
export function MerchantSettingsForm({ merchantId, settings, currency }: { merchantId: string; settings: MerchantSettings; currency: string }) {
  const intl = useIntl();
  const decimals = currencyDecimals(currency);
  const { errors, saving, submit } = useFormSubmit(MerchantSettingsInput, 'merchantSettings.saved');
  const { draft, field } = useDraft<SettingsDraft>(
    () => ({
      deviceAssociationPin: settings.deviceAssociationPin,
      maximumRefund: settings.maximumRefund / 10 ** decimals,
      peripheralEventsFrequencyMinutes: settings.peripheralEventsFrequencyMinutes,
      scheduledAuditFrequencyHours: settings.scheduledAuditFrequencyHours,
      minimumSignalLevel: settings.minimumSignalLevel,
      auditControlHours: settings.auditControlHours,
      unlockCloudCreditHours: settings.unlockCloudCreditHours,
      pricesSync: settings.pricesSync,
      anomalyProbability: settings.anomalyProbability * 100,
      anomalyOfflineHours: settings.anomalyOfflineHours,
      anomalyCashlessRatio: settings.anomalyCashlessRatio * 100,
    }),
    errors,
  );
  const refundMinor = toMinorUnits(draft.maximumRefund, currency);
  const hours = intl.formatMessage({ id: 'merchantSettings.unit.hours' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const anomalies = { anomalyProbability: draft.anomalyProbability / 100, anomalyCashlessRatio: draft.anomalyCashlessRatio / 100 };
    void submit({ ...draft, ...anomalies, maximumRefund: refundMinor }, (input) => saveMerchantSettings(merchantId, input));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="merchant-settings-title" data-testid="merchant-settings-form">
      <h2 id="merchant-settings-title">
        <FormattedMessage id="merchantSettings.title" />
      </h2>
      <div className="form-grid">
        <TextField
          {...field('deviceAssociationPin')}
          labelId="merchantSettings.deviceAssociationPin"
          hint={<FormattedMessage id="merchantSettings.deviceAssociationPin.hint" />}
        />
        <NumberField
          {...field('maximumRefund')}
          labelId="merchantSettings.maximumRefund"
          min={0}
          step={1 / 10 ** decimals}
          hint={Number.isFinite(refundMinor) ? formatMoney(refundMinor, currency, intl.locale) : currency}
        />
        <NumberField
          {...field('peripheralEventsFrequencyMinutes')}
          labelId="merchantSettings.peripheralEventsFrequencyMinutes"
          min={1}
          hint={<FormattedMessage id="merchantSettings.unit.minutes" />}
        />
        <NumberField {...field('scheduledAuditFrequencyHours')} labelId="merchantSettings.scheduledAuditFrequencyHours" min={0} hint={hours} />
        <NumberField {...field('minimumSignalLevel')} labelId="merchantSettings.minimumSignalLevel" min={0} max={100} hint="%" />
        <NumberField {...field('auditControlHours')} labelId="merchantSettings.auditControlHours" min={0} hint={hours} />
        <NumberField {...field('unlockCloudCreditHours')} labelId="merchantSettings.unlockCloudCreditHours" min={0} hint={hours} />
        <SelectField
          {...field('pricesSync')}
          labelId="merchantSettings.pricesSync"
          options={PRICES_SYNC.map((value) => ({ value, label: intl.formatMessage({ id: PRICES_SYNC_LABELS[value] }) }))}
        />
      </div>
      <h3 id="merchant-settings-anomalies">
        <FormattedMessage id="anomalies.settings.title" />
      </h3>
      <p className="form__hint">
        <FormattedMessage id="anomalies.settings.intro" />
      </p>
      <div className="form-grid" role="group" aria-labelledby="merchant-settings-anomalies">
        <NumberField
          {...field('anomalyProbability')}
          labelId="anomalies.settings.probability"
          min={0}
          max={100}
          step={0.01}
          hint={<FormattedMessage id="anomalies.settings.probability.hint" />}
        />
        <NumberField {...field('anomalyOfflineHours')} labelId="anomalies.settings.offlineHours" min={0} max={720} step={0.5} hint={hours} />
        <NumberField
          {...field('anomalyCashlessRatio')}
          labelId="anomalies.settings.cashlessRatio"
          min={0}
          max={100}
          hint={<FormattedMessage id="anomalies.settings.cashlessRatio.hint" />}
        />
      </div>
      <ApiToken merchantId={merchantId} issued={settings.apiTokenIssued} />
      <div className="form__actions">
        <SubmitButton labelId="merchants.save" busy={saving} testId="merchant-settings-submit" />
      </div>
    </form>
  );
}

/**
 * The API token of the ERP and the payment service. The server keeps only its hash, so the console shows whether one
 * was issued; a regenerated token is shown here once, to copy, and is gone when the screen is left.
 */
function ApiToken({ merchantId, issued }: { merchantId: string; issued: boolean }) {
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<string | null>(null);

  async function copy() {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      showToast({ kind: 'success', messageId: 'merchantSettings.apiToken.copied' });
    } catch {
      showToast({ kind: 'error', messageId: 'merchantSettings.apiToken.copyFailed' });
    }
  }

  async function regenerate() {
    setConfirming(false);
    setBusy(true);
    try {
      setToken(await regenerateApiToken(merchantId));
      showToast({ kind: 'success', messageId: 'merchantSettings.apiToken.regenerated' });
    } catch (error) {
      showToast({ kind: 'error', messageId: merchantErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="api-token" data-testid="api-token">
      {token ? (
        <>
          <TextField
            name="apiToken"
            labelId="merchantSettings.apiToken"
            value={token}
            readOnly
            hint={<FormattedMessage id="merchantSettings.apiToken.onlyNow" />}
          />
          <button type="button" className="button button--secondary" onClick={copy} data-testid="api-token-copy">
            <FormattedMessage id="merchantSettings.apiToken.copy" />
          </button>
        </>
      ) : (
        <p className="muted" data-testid="api-token-state">
          <FormattedMessage id={issued ? 'merchantSettings.apiToken.issued' : 'merchantSettings.apiToken.none'} />
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={() => setConfirming(true)} disabled={busy} data-testid="api-token-regenerate">
        {busy ? <Spinner size="small" /> : <FormattedMessage id={issued ? 'merchantSettings.apiToken.regenerate' : 'merchantSettings.apiToken.issue'} />}
      </button>
      <ConfirmDialog
        open={confirming}
        titleId="merchantSettings.apiToken.confirmTitle"
        messageId={issued ? 'merchantSettings.apiToken.confirmMessage' : 'merchantSettings.apiToken.confirmFirst'}
        confirmId="merchantSettings.apiToken.regenerate"
        cancelId="merchants.cancel"
        onConfirm={regenerate}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
