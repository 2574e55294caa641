import type { Client, ClientInput } from '#schemas/client';
import type { Page } from '#schemas/paging';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { ClientNotFoundException } from './errors';
import type { ClientRepository } from './ports';
import { validateClient } from './validation';
import { pageOf } from '../shared/page';

export interface ClientDeps {
  clients: ClientRepository;
  merchants: MerchantRepository;
  newId: () => string;
  now: () => string;
}

/** Clients are merchant-wide: every role of the merchant sees them all (a group admin too). */
function requireMerchantScope(principal: Principal, merchantId: string): void {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
}

export async function listClients(
  deps: ClientDeps,
  principal: Principal,
  merchantId: string,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<Client>> {
  requireMerchantScope(principal, merchantId);
  const [slice, total, merchant] = await Promise.all([
    deps.clients.listSlice(merchantId, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.clients.count(merchantId),
    deps.merchants.get(merchantId),
  ]);
  if (!merchant) throw new MerchantNotFoundException();
  return pageOf(q, slice, total);
}

export async function getClient(deps: ClientDeps, principal: Principal, merchantId: string, id: string): Promise<Client> {
  requireMerchantScope(principal, merchantId);
  const client = await deps.clients.get(merchantId, id);
  if (!client) throw new ClientNotFoundException();
  return client;
}

export async function createClient(deps: ClientDeps, principal: Principal, merchantId: string, input: ClientInput): Promise<Client> {
  requireMerchantScope(principal, merchantId);
  validateClient(input);
  const now = deps.now();
  const client: Client = { ...input, id: deps.newId(), merchantId, machines: 0, createdAt: now, updatedAt: now };
  await deps.clients.create(client);
  return client;
}

export async function updateClient(deps: ClientDeps, principal: Principal, merchantId: string, id: string, input: ClientInput): Promise<Client> {
  const current = await getClient(deps, principal, merchantId, id);
  validateClient(input);
  const now = deps.now();
  const next: Client = { ...current, ...input, updatedAt: now > current.updatedAt ? now : current.updatedAt };
  await deps.clients.update(current, next);
  return next;
}

/** A client machines are still associated with cannot go (ClientInUseException). */
export async function deleteClient(deps: ClientDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  await deps.clients.delete(await getClient(deps, principal, merchantId, id));
}
