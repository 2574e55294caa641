import type { ComponentProps, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { mayCall, type ApiRouteId } from '#schemas/api-roles';
import { useSession } from '../../lib/session';
import { DeleteButton } from '../DeleteButton';
import { useOneAtATime, type OneAtATime } from '../one-at-a-time';
import { Page } from '../Page';
import { Loaded } from '../states';

/** The delete action of an item's screen: its route (who may call it sees the button) and the button's props. */
export type DeleteAction = { route: ApiRouteId; errorMessageId?: (error: unknown) => string } & Omit<
  ComponentProps<typeof DeleteButton>,
  'afterPath' | 'errorMessageId' | 'actions'
>;

/** The item's title: its name, else (an item without one) `title` must say what it is. */
type Title<T> = T extends { name: string } ? { title?: (item: T) => ReactNode } : { title: (item: T) => ReactNode };

/**
 * An item's screen: its name as the title, a way back to the list, its further actions and the delete
 * action once the item is loaded (they run one at a time), and its body (with loading and error states);
 * `children` learn whether the user may call the update route (else the body is read-only).
 */
export function CrudDetailPage<T extends object>({
  result,
  title,
  updateRoute,
  actions,
  remove,
  titleId,
  testId,
  listPath,
  backMessageId,
  errorMessageId,
  children,
}: Title<T> & {
  result: { data?: T; error?: unknown; isLoading: boolean; mutate: () => Promise<unknown> };
  updateRoute: ApiRouteId;
  /** Further actions of the loaded item, before the delete action; those that call the API run through `running`. */
  actions?: (item: T, running: OneAtATime) => ReactNode;
  remove?: DeleteAction;
  /** The title while the item loads (or fails to). */
  titleId: string;
  testId: string;
  /** The list's address, or the loaded item's list (then the way back shows once it is loaded). */
  listPath: string | ((item: T) => string);
  backMessageId: string;
  errorMessageId: (error: unknown) => string;
  children: (item: T, canEdit: boolean) => ReactNode;
}) {
  const role = useSession().identity?.role;
  const running = useOneAtATime();
  const canEdit = mayCall(updateRoute, role);
  const item = result.data;
  const list = typeof listPath === 'string' ? listPath : item && listPath(item);
  let deleteButton: ReactNode = null;
  if (remove && item && list && mayCall(remove.route, role)) {
    const { route: _, errorMessageId: deleteErrorMessageId, ...button } = remove;
    deleteButton = <DeleteButton {...button} afterPath={list} errorMessageId={deleteErrorMessageId ?? errorMessageId} actions={running} />;
  }
  // Title<T> makes `title` given unless T has a name.
  const name = item && (title ? (title as (item: T) => ReactNode)(item) : (item as { name?: string }).name);

  return (
    <Page
      title={name ?? <FormattedMessage id={titleId} />}
      actions={
        <>
          {list && (
            <Link to={list} className="button button--secondary">
              <FormattedMessage id={backMessageId} />
            </Link>
          )}
          {item && actions?.(item, running)}
          {deleteButton}
        </>
      }
      testId={testId}
    >
      <Loaded result={result} errorMessageId={errorMessageId}>
        {(loaded) => children(loaded, canEdit)}
      </Loaded>
    </Page>
  );
}
