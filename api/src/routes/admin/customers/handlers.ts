/** Handlers of the customers area: read the input, call the service, answer. */
import type { Context } from 'hono';
import type { CustomerSearchQuery, PointAdjustRequest } from '#contracts/admin-customers.ts';
import { ok, paged } from '../../../lib/respond.ts';
import { adjustPoints, customerDetail, searchCustomers, unlockCustomer } from '../../../services/admin/customers/index.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;
type Target = 'param' | 'query' | 'json';
/** The validated input of `target` (the route's zod schema ran already). */
const valid = <T>(c: C, target: Target) => (c.req.valid as unknown as (t: Target) => T).call(c.req, target);
const customerId = (c: C) => valid<{ id: number }>(c, 'param').id;

export const searchCustomersHandler = async (c: C) =>
  paged(c, await searchCustomers(c.get('db'), c.get('channel').id, valid<CustomerSearchQuery>(c, 'query')));
export const customerDetailHandler = async (c: C) =>
  ok(c, await customerDetail(c.get('db'), c.get('channel').id, customerId(c), valid<{ points_page?: number }>(c, 'query')));
export const adjustPointsHandler = async (c: C) =>
  ok(c, await adjustPoints(c.get('db'), c.get('channel').id, customerId(c), valid<PointAdjustRequest>(c, 'json'), c.get('actor')));
export const unlockCustomerHandler = async (c: C) =>
  ok(c, await unlockCustomer(c.get('db'), c.get('env'), c.get('channel').id, customerId(c), c.get('actor')));
