/**
 * The demo's historical data (`npm start`, after the week of history): Acme's transactions of the last seven days
 * exported through the local workflow (a completed request to download) and a weekly scheduled export of its
 * alarms, made as the merchant admin would. A start that finds Acme with requests or subscriptions adds nothing.
 */
import { makeRequest } from '../../functions/core/historical-data/requests';
import { createSubscription } from '../../functions/core/historical-data/subscriptions';
import type { WorkflowStarter } from '../../functions/core/shared/workflows';
import { addDays, dayIn } from '../../functions/core/shared/zoned-time';
import type { LocalRepositories } from './repositories';
import type { DemoUser } from './stack-info';

const MERCHANT = 'acme-vending';

export async function seedDemoDataRequests(deps: LocalRepositories, workflows: WorkflowStarter, users: readonly DemoUser[]): Promise<void> {
  const merchant = await deps.merchants.get(MERCHANT);
  const admin = users.find((u) => u.role === 'NEBULARMERCHANTADMIN' && u.merchantIds.includes(MERCHANT));
  if (!merchant || !admin) return;
  const principal = { userId: admin.email, email: admin.email, role: admin.role, merchantIds: admin.merchantIds, groupIds: [], allMerchants: false };
  const now = deps.now();
  const made = await deps.dataRequests.list(MERCHANT, { now }, { offset: 0, limit: 1, ordType: 'desc' });
  if (made.items.length === 0) {
    const today = dayIn(merchant.timezone, now);
    const input = {
      dataType: 'Transactions' as const,
      startDate: addDays(today, -7),
      endDate: addDays(today, -1),
      createdBy: admin.email,
      subscriptionId: null,
    };
    await makeRequest({ dataRequests: deps.dataRequests, workflows, now: deps.now }, merchant, input);
  }
  if ((await deps.dataSubscriptions.list(MERCHANT)).length === 0) {
    await createSubscription({ merchants: deps.merchants, subscriptions: deps.dataSubscriptions, now: deps.now }, principal, MERCHANT, {
      dataType: 'Alarms',
      frequency: 'weekly',
    });
  }
}
