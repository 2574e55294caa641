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
 * The list screen of items of the app bar's merchant (see MerchantScope): its title, its actions once it has
 * its merchant(s) (the create action only for who may call its route), and its body; a list of items that
 * belong to one merchant asks for one when "all distributors" is picked.
 */
export function CrudListPage({
  titleId,
  testId,
  create,
  actions,
  children,
  ...scope
}: MerchantScope & {
  titleId: string;
  testId: string;
  create?: CreateAction;
  /** Further actions before the create action. */
  actions?: ReactNode;
  children: (merchantId: string) => ReactNode;
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
      <ForMerchantScope {...scope}>{children}</ForMerchantScope>
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
