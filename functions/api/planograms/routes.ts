import { MerchantIdParams } from '#schemas/merchant-summary';
import { Planogram, PlanogramDeleted, PlanogramInput, PlanogramListQuery, PlanogramPage, PlanogramParams } from '#schemas/planogram';
import { ADMINS, ALL_ROLES } from '#schemas/roles';
import { createPlanogram, deletePlanogram, getPlanogram, listPlanograms, updatePlanogram } from '../../core/planograms/use-cases';
import { routeFor } from '../../http/manifest';
import type { PlanogramsGroupDeps } from './deps';

const route = routeFor<PlanogramsGroupDeps>();

export const routes = [
  route({
    id: 'planograms.list',
    method: 'GET',
    path: '/merchants/{id}/planograms',
    roles: ALL_ROLES,
    feature: 'NEBULAR_VENDING',
    summary: 'The merchant’s planograms by name, a page',
    request: { params: MerchantIdParams, query: PlanogramListQuery },
    response: PlanogramPage,
    handler: ({ deps, principal, params, query }) => listPlanograms(deps, principal, params.id, query),
  }),
  route({
    id: 'planograms.create',
    method: 'POST',
    path: '/merchants/{id}/planograms',
    roles: ADMINS,
    feature: 'NEBULAR_VENDING',
    summary:
      'Create a planogram: type A hot or B cold, up to 200 lines (selection unique, capacity 1–999, warning level ≤ capacity, refill value 1 … capacity), each naming a product of the merchant (404 ProductNotFoundException naming the lines); 409 DuplicatePlanogramNameException',
    request: { params: MerchantIdParams, body: PlanogramInput },
    response: Planogram,
    status: 201,
    errors: { 409: ['DuplicatePlanogramNameException'] },
    handler: ({ deps, principal, params, body }) => createPlanogram(deps, principal, params.id, body),
  }),
  route({
    id: 'planograms.get',
    method: 'GET',
    path: '/merchants/{id}/planograms/{planogramId}',
    roles: ALL_ROLES,
    feature: 'NEBULAR_VENDING',
    summary: 'One planogram with its lines',
    request: { params: PlanogramParams },
    response: Planogram,
    handler: ({ deps, principal, params }) => getPlanogram(deps, principal, params.id, params.planogramId),
  }),
  route({
    id: 'planograms.update',
    method: 'PUT',
    path: '/merchants/{id}/planograms/{planogramId}',
    roles: ADMINS,
    feature: 'NEBULAR_VENDING',
    summary: 'Replace a planogram’s name, description, type and lines (same checks as create)',
    request: { params: PlanogramParams, body: PlanogramInput },
    response: Planogram,
    errors: { 409: ['DuplicatePlanogramNameException'] },
    handler: ({ deps, principal, params, body }) => updatePlanogram(deps, principal, params.id, params.planogramId, body),
  }),
  route({
    id: 'planograms.delete',
    method: 'DELETE',
    path: '/merchants/{id}/planograms/{planogramId}',
    roles: ADMINS,
    feature: 'NEBULAR_VENDING',
    summary:
      'Delete a planogram: its machines lose it and stock management (spec §4), the answer says how many; more than 200 machines → 409 TooManyPlanogramMachinesException',
    request: { params: PlanogramParams },
    response: PlanogramDeleted,
    errors: { 409: ['PlanogramInUseException', 'TooManyPlanogramMachinesException', 'PosChangedConcurrentlyException'] },
    handler: ({ deps, principal, params }) => deletePlanogram(deps, principal, params.id, params.planogramId),
  }),
];
