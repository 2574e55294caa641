import type { ComponentProps, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { mayCall, type ApiRouteId } from '#schemas/api-roles';
import { useSession } from '../../lib/session';
import { DeleteButton } from '../DeleteButton';
import { Page } from '../Page';
import { Loaded } from '../states';

/** The delete action of an item's screen: its route (who may call it sees the button) and the button's props. */
export type DeleteAction = { route: ApiRouteId; errorMessageId?: (error: unknown) => string } & Omit<
  ComponentProps<typeof DeleteButton>,
  'afterPath' | 'errorMessageId'
>;

/**
 * An item's screen: its name as the title, a way back to the list, the delete action once the item is
 * loaded, and its body (with loading and error states); `children` learn whether the user may call the
 * update route (else the body is read-only).
 */
export function CrudDetailPage<T extends { name: string }>({
  result,
  updateRoute,
  remove,
  titleId,
  testId,
  listPath,
  backMessageId,
  errorMessageId,
  children,
}: {
  result: { data?: T; error?: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  updateRoute: ApiRouteId;
  remove?: DeleteAction;
  /** The title while the item loads (or fails to). */
  titleId: string;
  testId: string;
  listPath: string;
  backMessageId: string;
  errorMessageId: (error: unknown) => string;
  children: (item: T, canEdit: boolean) => ReactNode;
}) {
  const role = useSession().identity?.role;
  const canEdit = mayCall(updateRoute, role);
  let deleteButton: ReactNode = null;
  if (remove && result.data && mayCall(remove.route, role)) {
    const { route: _, errorMessageId: deleteErrorMessageId, ...button } = remove;
    deleteButton = <DeleteButton {...button} afterPath={listPath} errorMessageId={deleteErrorMessageId ?? errorMessageId} />;
  }

  return (
    <Page
      title={result.data?.name ?? <FormattedMessage id={titleId} />}
      actions={
        <>
          <Link to={listPath} className="button button--secondary">
            <FormattedMessage id={backMessageId} />
          </Link>
          {deleteButton}
        </>
      }
      testId={testId}
    >
      <Loaded result={result} errorMessageId={errorMessageId}>
        {(item) => children(item, canEdit)}
      </Loaded>
    </Page>
  );
}
