/** Handlers of the staff accounts: read the id and body, call the service as the signed-in admin, answer. */
import type { Context } from 'hono';
import type { StaffCreateRequest, StaffPasswordRequest, StaffUpdateRequest } from '#contracts/admin-staff.ts';
import { created, ok } from '../../../lib/respond.ts';
import {
  createStaff,
  disableStaff,
  enableStaff,
  getStaff,
  listStaff,
  resetStaffPassword,
  unlockStaff,
  updateStaff,
} from '../../../services/admin/staff/index.ts';
import type { AdminEnv } from '../middleware.ts';

type C = Context<AdminEnv>;
const valid = <T>(c: C, part: 'json' | 'param') => (c.req.valid as (t: string) => T)(part);
const id = (c: C) => Number(valid<{ id: number }>(c, 'param').id);

export const listAccounts = async (c: C) => ok(c, await listStaff(c.get('db')));
export const getAccount = async (c: C) => ok(c, await getStaff(c.get('db'), id(c)));
export const createAccount = async (c: C) =>
  created(c, await createStaff(c.get('db'), c.get('actor'), valid<StaffCreateRequest>(c, 'json')));
export const updateAccount = async (c: C) =>
  ok(c, await updateStaff(c.get('db'), c.get('actor'), id(c), valid<StaffUpdateRequest>(c, 'json')));
export const disableAccount = async (c: C) => ok(c, await disableStaff(c.get('db'), c.get('actor'), id(c)));
export const enableAccount = async (c: C) => ok(c, await enableStaff(c.get('db'), c.get('actor'), id(c)));
export const resetPassword = async (c: C) =>
  ok(c, await resetStaffPassword(c.get('db'), c.get('actor'), id(c), valid<StaffPasswordRequest>(c, 'json').password));
export const unlockAccount = async (c: C) => ok(c, await unlockStaff(c.get('db'), c.get('actor'), id(c)));
