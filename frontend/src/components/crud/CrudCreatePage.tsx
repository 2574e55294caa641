import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate } from 'react-router-dom';
import type { ApiRouteId } from '#schemas/api-roles';
import { useSession } from '../../lib/session';
import { Page } from '../Page';
import { useMayCall } from '../use-may-call';
import { ForMerchantScope, type MerchantScope } from './ForMerchantScope';

/**
 * The create screen of an item of the app bar's merchant (see MerchantScope; `children` get its id) or of the
 * platform's (`platform`: the form alone): a way back to the list and the form; who may not call the create route is
 * sent to the list.
 */
export function CrudCreatePage({
  route,
  titleId,
  testId,
  listPath,
  backMessageId,
  ...scope
}: ((MerchantScope & { children: (merchantId: string) => ReactNode }) | { scope: 'platform'; children: ReactNode }) & {
  route: ApiRouteId;
  titleId: string;
  testId: string;
  listPath: string;
  backMessageId: string;
}) {
  const { identity } = useSession();
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
      {scope.scope === 'platform' ? scope.children : <ForMerchantScope {...scope} />}
    </Page>
  );
}
