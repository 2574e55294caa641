import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { mayCall, type ApiRouteId } from '#schemas/api-roles';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { Page } from '../Page';
import { ForMerchantScope, type MerchantScope } from './ForMerchantScope';

/** The create action of a list: a link to the create screen, or a button that shows a form on the list itself. */
export type CreateAction = { route: ApiRouteId; messageId: string; testId: string } & ({ to: string } | { expanded: boolean; onToggle: () => void });

/**
 * Whose items a list shows: the app bar's merchant's (see MerchantScope; `children` get the merchant's id), or the
 * platform's (`platform`: a super admin's catalogue, or a merchant's items whose merchant is in the address), which
 * do not depend on the app bar's pick.
 */
type ListScope = (MerchantScope & { children: (merchantId: string) => ReactNode }) | { scope: 'platform'; children: ReactNode };

/**
 * The list screen of items: its title, its actions once it has its merchant(s) (the create action only for who may
 * call its route), and its body; a list of items that belong to one merchant of the app bar asks for one when "all
 * distributors" is picked.
 */
export function CrudListPage({
  titleId,
  testId,
  create,
  actions,
  ...scope
}: ListScope & {
  titleId: string;
  testId: string;
  create?: CreateAction;
  /** Further actions before the create action. */
  actions?: ReactNode;
}) {
  const { merchantId } = useCurrentMerchant();
  const role = useSession().identity?.role;
  const shownCreate = create && mayCall(create.route, role) ? create : null;
  const ready = merchantId !== null || (scope.scope ?? 'one') !== 'one';
  return (
    <Page
      title={<FormattedMessage id={titleId} />}
      actions={
        ready &&
        (actions || shownCreate) && (
          <>
            {actions}
            {shownCreate && <CreateButton action={shownCreate} />}
          </>
        )
      }
      testId={testId}
    >
      {scope.scope === 'platform' ? scope.children : <ForMerchantScope {...scope} />}
    </Page>
  );
}

function CreateButton({ action }: { action: CreateAction }) {
  if ('to' in action)
    return (
      <Link to={action.to} className="button button--primary" data-testid={action.testId}>
        <FormattedMessage id={action.messageId} />
      </Link>
    );
  return (
    <button type="button" className="button button--primary" onClick={action.onToggle} aria-expanded={action.expanded} data-testid={action.testId}>
      <FormattedMessage id={action.messageId} />
    </button>
  );
}
