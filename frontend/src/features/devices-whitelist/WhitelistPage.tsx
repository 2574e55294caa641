import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { Page } from '../../components/Page';
import { EmptyState, ForOneMerchant, Loaded } from '../../components/states';
import { useToast } from '../../components/toasts';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { removeFromWhitelist, useWhitelist, whitelistErrorMessageId } from './api';

/** /manage/screen-configuration-whitelist (super admin, merchant admin): the devices the app bar's merchant lets enrol, until their expiry. */
export function WhitelistPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page
      title={<FormattedMessage id="devicesWhitelist.title" />}
      actions={
        <Link to="/manage/screen-configuration-whitelist/create" className="button button--primary" data-testid="whitelist-create-link">
          <FormattedMessage id="devicesWhitelist.add" />
        </Link>
      }
      testId="whitelist-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="devicesWhitelist.chooseMerchant">
        {(id) => <EntriesOf key={id} merchantId={id} />}
      </ForOneMerchant>
    </Page>
  );
}

function EntriesOf({ merchantId }: { merchantId: string }) {
  const whitelist = useWhitelist(merchantId);
  const { showToast } = useToast();
  const remove = async (serial: string) => {
    try {
      await removeFromWhitelist(merchantId, serial);
      showToast({ kind: 'success', messageId: 'devicesWhitelist.removed' });
    } catch (error) {
      showToast({ kind: 'error', messageId: whitelistErrorMessageId(error) });
    }
  };
  return (
    <Loaded result={whitelist} errorMessageId={whitelistErrorMessageId}>
      {({ items, expiryDays }) => (
        <section className="card" data-testid="whitelist">
          <p className="form__hint">
            <FormattedMessage id="devicesWhitelist.expiry" values={{ days: expiryDays }} />
          </p>
          {items.length === 0 ? (
            <EmptyState messageId="devicesWhitelist.empty" />
          ) : (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="devicesWhitelist.serial" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="devicesWhitelist.description" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="devicesWhitelist.validUntil" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="devicesWhitelist.status" />
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">
                        <FormattedMessage id="devicesWhitelist.actions" />
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((e) => (
                    <tr key={e.serial} data-testid={`whitelist-${e.serial}`}>
                      <td>{e.serial}</td>
                      <td>{e.description}</td>
                      <td>
                        <FormattedDate value={e.validUntil} dateStyle="medium" timeStyle="short" />
                      </td>
                      <td>
                        <FormattedMessage id={e.expired ? 'devicesWhitelist.expired' : 'devicesWhitelist.valid'} />
                      </td>
                      <td>
                        <button type="button" className="button button--secondary" onClick={() => void remove(e.serial)}>
                          <FormattedMessage id="devicesWhitelist.remove" />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </Loaded>
  );
}
