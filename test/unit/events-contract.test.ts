import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { groups } from '../../functions/api/manifest';
import type { HttpEvent } from '../../functions/http/event';
import { API_PREFIX } from '../../functions/http/manifest';

const dir = new URL('../../events/api/', import.meta.url);
const routes = new Map(groups.flatMap((g) => g.routes).map((r) => [`${r.method} ${API_PREFIX}${r.path}`, r]));

describe('example API Gateway events', () => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    it(`${file} is a valid request of a manifest route`, () => {
      const event = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as HttpEvent;
      const route = routes.get(event.routeKey);
      expect(route, event.routeKey).toBeDefined();
      if (route?.request?.params) expect(z.safeParse(route.request.params, event.pathParameters).success).toBe(true);
      if (route?.request?.body) expect(z.safeParse(route.request.body, JSON.parse(event.body ?? 'null')).success).toBe(true);
    });
  }
});
