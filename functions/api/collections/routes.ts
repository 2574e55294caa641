import * as z from 'zod/mini';
import { Collections, Country, PosSector, PostalCodeParams, PostalCodePlace } from '#schemas/collections';
import { lookupPostalCode } from '../../core/collections/postal-codes';
import { countries, currencies, deviceTypes, languages, posSectors, timezones } from '../../core/collections/reference-data';
import { routeFor } from '../../http/manifest';
import type { PublicDeps } from '../../runtime/base-deps';

const route = routeFor<PublicDeps>();

export const routes = [
  route({
    id: 'collections.all',
    method: 'GET',
    path: '/collections',
    roles: 'public',
    summary: 'Reference collections: currencies, countries, languages, time zones, POS sectors, device types, release info',
    response: Collections,
    handler: async ({ deps: { config } }) => ({
      currencies,
      countries,
      languages,
      timezones: timezones(),
      posSectors,
      deviceTypes,
      releaseInfo: { version: config.appVersion, date: '2026-11-22', notes: [] },
    }),
  }),
  route({
    id: 'collections.countries',
    method: 'GET',
    path: '/collections/countries',
    roles: 'public',
    summary: 'Countries with their currency and postal code format',
    response: z.array(Country),
    handler: async () => countries,
  }),
  route({
    id: 'collections.posSectors',
    method: 'GET',
    path: '/collections/pos-sectors',
    roles: 'public',
    summary: 'Point-of-sale sectors',
    response: z.array(PosSector),
    handler: async () => posSectors,
  }),
  route({
    id: 'collections.postalCode',
    method: 'GET',
    path: '/autocomplete/postalcode/{country}/{code}',
    roles: 'public',
    summary: 'City and province of a postal code; 404 PostalCodeNotRecognisedException when unknown',
    request: { params: PostalCodeParams },
    response: PostalCodePlace,
    handler: async ({ params }) => lookupPostalCode(params.country, params.code),
  }),
];
