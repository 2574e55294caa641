import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { mayCall, type ApiRouteId } from '#schemas/api-roles';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { Page } from '../Page';
import { ForOneMerchant } from '../states';

/** The create action of a list: a link to the create screen, or a button that shows a form on the list itself. */
export type CreateAction = { route: ApiRouteId; messageId: string; testId: string } & ({ to: string } | { expanded: boolean; onToggle: () => void });

/**
 * The list screen of items that belong to one merchant (the app bar's): its title, its actions once one
 * merchant is picked (the create action only for who may call its route), and its body; with "all
 * distributors" picked it asks for one merchant.
 */
export function CrudListPage({
  titleId,
  testId,
  chooseMessageId,
  create,
  actions,
  children,
}: {
  titleId: string;
  testId: string;
  chooseMessageId: string;
  create?: CreateAction;
  /** Further actions before the create action. */
  actions?: ReactNode;
  children: (merchantId: string) => ReactNode;
}) {
  const { merchantId, merchants } = useCurrentMerchant();
  const role = useSession().identity?.role;
  const shownCreate = create && mayCall(create.route, role) ? create : null;
  return (
    <Page
      title={<FormattedMessage id={titleId} />}
      actions={
        merchantId &&
        (actions || shownCreate) && (
          <>
            {actions}
            {shownCreate && <CreateButton action={shownCreate} />}
          </>
        )
      }
      testId={testId}
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId={chooseMessageId}>
        {children}
      </ForOneMerchant>
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
