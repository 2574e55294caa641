import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import type { ApiRouteId } from '#schemas/api-roles';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { Page } from '../Page';
import { ForOneMerchant } from '../states';
import { useMayCall } from '../use-may-call';

/**
 * The create screen of an item of the app bar's merchant: a way back to the list and the form (`children`);
 * who may not call the create route is sent to the list, and "all distributors" asks for one merchant.
 */
export function CrudCreatePage({
  route,
  titleId,
  testId,
  listPath,
  backMessageId,
  chooseMessageId,
  children,
}: {
  route: ApiRouteId;
  titleId: string;
  testId: string;
  listPath: string;
  backMessageId: string;
  chooseMessageId: string;
  children: (merchantId: string) => ReactNode;
}) {
  const { identity } = useSession();
  const { merchantId, merchants } = useCurrentMerchant();
  const mayCreate = useMayCall(route);
  if (identity && !mayCreate) return <Navigate to={listPath} replace />;

  return (
    <Page
      title={<FormattedMessage id={titleId} />}
      actions={
        <Link to={listPath} className="button button--secondary">
          <FormattedMessage id={backMessageId} />
        </Link>
      }
      testId={testId}
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId={chooseMessageId}>
        {children}
      </ForOneMerchant>
    </Page>
  );
}
