import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { RemoteCommand } from '#schemas/remote-command';
import { useDataTable } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { exportCommandsCsv } from './api/export-commands-csv';
import { useCommandPage } from './api/get-command-page';
import { CommandsTable, DEFAULT_SORT, useCommandColumns } from './components/CommandsTable';
import { CommandWizard } from './components/CommandWizard';
import './remote-commands.css';

/**
 * /devices/remote-commands (not for merchant users): the merchant's commands with live status, and the
 * wizard that sends one. `?serial=` (from a machine's tab) opens the wizard with that machine chosen.
 */
export function RemoteCommandsPage() {
  const { merchantId, merchant, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="remoteCommands.title" />} testId="remote-commands-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="remoteCommands.chooseMerchant">
        {(merchantId) => <MerchantCommands key={merchantId} merchantId={merchantId} currency={merchant!.currency} />}
      </ForOneMerchant>
    </Page>
  );
}

function MerchantCommands({ merchantId, currency }: { merchantId: string; currency: string }) {
  const [params, setParams] = useSearchParams();
  const initialSerial = params.get('serial') ?? undefined;
  const [wizard, setWizard] = useState(initialSerial !== undefined);
  const columns = useCommandColumns(true, true);
  const table = useDataTable<RemoteCommand>({ tableId: 'remote-commands', columns, defaultSort: DEFAULT_SORT });
  const page = useCommandPage(merchantId, table.query);
  const exportFile = useCallback(() => exportCommandsCsv(merchantId, table.query), [merchantId, table.query]);
  // The button and the wizard replace each other: focus follows, rather than falling to <body>.
  const newButton = useRef<HTMLButtonElement>(null);
  const wizardSection = useRef<HTMLElement>(null);
  const focusAfterToggle = useRef(false);
  useEffect(() => {
    if (!focusAfterToggle.current) return;
    focusAfterToggle.current = false;
    (wizard ? wizardSection.current : newButton.current)?.focus();
  }, [wizard]);
  const open = () => {
    focusAfterToggle.current = true;
    setWizard(true);
  };
  const close = () => {
    focusAfterToggle.current = true;
    setWizard(false);
    if (initialSerial) setParams({}, { replace: true });
  };
  return (
    <>
      {wizard ? (
        <CommandWizard ref={wizardSection} merchantId={merchantId} currency={currency} initialSerial={initialSerial} onDone={close} />
      ) : (
        <div className="remote-commands__actions">
          <button ref={newButton} type="button" className="button button--primary" onClick={open} data-testid="command-new">
            <FormattedMessage id="remoteCommands.new" />
          </button>
        </div>
      )}
      <CommandsTable table={table} result={page} exportFile={exportFile} />
    </>
  );
}
