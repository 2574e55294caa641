import { useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { VpConfiguration, VpConfigurationVersion } from '#schemas/vp-configuration';
import { DataTable } from '../../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { useVpVersions } from '../api/get-vp-versions';
import { vpErrorMessageId } from '../messages';

const DEFAULT_SORT = { ord: 'version', ordType: 'desc' } as const;

/** The kept versions, newest first; one of them shown as the values it programs. */
export function VpVersionsCard({ configuration: c }: { configuration: VpConfiguration }) {
  const intl = useIntl();
  const [shown, setShown] = useState<VpConfigurationVersion | null>(null);
  const columns = useMemo<Column<VpConfigurationVersion>[]>(
    () => [
      { id: 'version', messageId: 'vpConfigurations.field.version', ord: 'version', value: (v) => String(v.version) },
      {
        id: 'savedAt',
        messageId: 'vpConfigurations.field.savedAt',
        value: (v) => v.savedAt,
        render: (v) => <FormattedDate value={v.savedAt} dateStyle="short" timeStyle="short" />,
      },
      { id: 'savedBy', messageId: 'vpConfigurations.field.savedBy', value: (v) => v.savedBy, hidden: true },
      {
        id: 'view',
        messageId: 'vpConfigurations.versions.view',
        value: () => '',
        render: (v) => (
          <button type="button" className="button button--secondary" onClick={() => setShown(v)} data-testid={`vp-version-view-${v.version}`}>
            <FormattedMessage id="vpConfigurations.versions.viewVersion" values={{ version: v.version }} />
          </button>
        ),
      },
    ],
    [],
  );
  const table = useDataTable({ tableId: 'vp-configuration-versions', columns, defaultSort: DEFAULT_SORT });
  const versions = useVpVersions(c.merchantId, c.id, table.query);
  return (
    <section className="card" data-testid="vp-versions">
      <h2>
        <FormattedMessage id="vpConfigurations.versions.title" />
      </h2>
      <DataTable
        table={table}
        result={versions}
        rowKey={(v) => String(v.version)}
        emptyMessageId="vpConfigurations.versions.empty"
        errorMessageId={vpErrorMessageId}
      />
      {shown && (
        <div data-testid="vp-version-shown">
          <h3>
            <FormattedMessage id="vpConfigurations.versions.shown" values={{ version: shown.version }} />
          </h3>
          {/* Focusable: a scrolling region must be reachable by keyboard. */}
          <pre tabIndex={0} aria-label={intl.formatMessage({ id: 'vpConfigurations.versions.shown' }, { version: shown.version })}>
            {JSON.stringify(shown.content, null, 2)}
          </pre>
        </div>
      )}
    </section>
  );
}
