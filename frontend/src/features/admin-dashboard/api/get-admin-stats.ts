import useSWR from 'swr';
import { AdminMediaStats, AdminMerchantStats, AdminPosStats, AdminTransactionStats } from '#schemas/admin-stats';
import { apiGet } from '../../../lib/api';

/** GET /admin/stats/merchants: merchants by country and feature. */
export const useMerchantStats = () => useSWR('/admin/stats/merchants', (path: string) => apiGet(path, AdminMerchantStats));

/** GET /admin/stats/pointsofsale: machines by device type, connection and status. */
export const usePosStats = () => useSWR('/admin/stats/pointsofsale', (path: string) => apiGet(path, AdminPosStats));

/** GET /admin/stats/medias: medias by type and status. */
export const useMediaStats = () => useSWR('/admin/stats/medias', (path: string) => apiGet(path, AdminMediaStats));

/** GET /admin/stats/transactions: transactions per day of the last 30 days across the platform. */
export const useTransactionStats = () => useSWR('/admin/stats/transactions', (path: string) => apiGet(path, AdminTransactionStats));
