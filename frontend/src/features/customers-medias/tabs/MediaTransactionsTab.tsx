import type { Transaction } from '#schemas/transaction';
import { useDataTable } from '../../../components/data-table/use-data-table';
import { useMediaTransactions, type MediaTransactionList } from '../api/get-media-transactions';
import { useTransactionColumns } from '../../../components/transactions/transaction-columns';
import { TRANSACTIONS_SORT, TransactionsTable } from '../components/TransactionsTable';
import { useMediaContext } from '../MediaDetailPage';
import { useFeature } from '../../../lib/resources/use-feature';

const LISTS: Record<MediaTransactionList, { tableId: string; emptyMessageId: string }> = {
  transactions: { tableId: 'media-transactions', emptyMessageId: 'medias.transactions.empty' },
  refunds: { tableId: 'media-refunds', emptyMessageId: 'medias.refunds.empty' },
};

/**
 * /customers-medias/medias/{mediaId}/transactions and /refunds: the media's transactions at machines and in the
 * cloud (a group admin: at its groups' machines, and the cloud ones), or only its refunds; newest first.
 */
function MediaTransactionList({ list }: { list: MediaTransactionList }) {
  const { merchantId, media } = useMediaContext();
  const details = useFeature('TRANSACTIONS_DETAILS').enabled;
  const columns = useTransactionColumns<Transaction>({ withMachine: true, details });
  const table = useDataTable({ tableId: LISTS[list].tableId, columns, defaultSort: TRANSACTIONS_SORT });
  const page = useMediaTransactions(merchantId, media.mediaId, list, table.query);
  return (
    <div className="media-tab" data-testid={`media-${list}`}>
      <TransactionsTable table={table} result={page} emptyMessageId={LISTS[list].emptyMessageId} />
    </div>
  );
}

export const MediaTransactionsTab = () => <MediaTransactionList key="transactions" list="transactions" />;
export const MediaRefundsTab = () => <MediaTransactionList key="refunds" list="refunds" />;
