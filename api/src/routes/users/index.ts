/** The signed-in member: GET/PUT /v1/me/user, PUT /v1/me/password. */
import { createRoute } from '@hono/zod-openapi';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserRow } from '../../context.ts';
import { auth_tokens, users } from '../../db/schema.ts';
import { unprocessable } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import { requireAuth } from '../../middleware/auth.ts';
import { hashPassword, verifyPassword } from '../../services/password.ts';
import { errorBodySchema } from '#contracts/common.ts';
import { passwordChangeRequestSchema, userSchema, userUpdateRequestSchema, type User } from '#contracts/user.ts';

const json = <T>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
const unauthorized = json(errorBodySchema, 'Not signed in');

/** The wire User: an explicit whitelist, so a new secret column can never leak by accident. */
export function serializeUser(u: UserRow): User {
  return {
    id: u.id, username: u.username, email: u.email,
    last_name: u.last_name, first_name: u.first_name, last_name_kana: u.last_name_kana, first_name_kana: u.first_name_kana,
    school: u.school, phone_number: u.phone_number, cell_phone_number: u.cell_phone_number,
    contact_phone_number: u.contact_phone_number, fax: u.fax, job: u.job, gender: u.gender, birthday: u.birthday,
    newsletter: u.newsletter, is_registered_member: u.is_registered_member, security_question_ct: u.security_question_ct,
    created_at: u.created_at.toISOString(),
  };
}

const getMe = createRoute({
  method: 'get', path: '/me/user', tags: ['user'], summary: 'The signed-in member', middleware: [requireAuth],
  responses: { 200: json(userSchema, 'The member'), 401: unauthorized },
});

const putMe = createRoute({
  method: 'put', path: '/me/user', tags: ['user'], summary: 'Update the member (not the username)', middleware: [requireAuth],
  request: { body: { content: { 'application/json': { schema: userUpdateRequestSchema } }, required: true } },
  responses: { 200: json(userSchema, 'The updated member'), 401: unauthorized, 422: json(errorBodySchema, 'Invalid input') },
});

const putPassword = createRoute({
  method: 'put', path: '/me/password', tags: ['user'], summary: 'Change the password', middleware: [requireAuth],
  request: { body: { content: { 'application/json': { schema: passwordChangeRequestSchema } }, required: true } },
  responses: { 204: { description: 'Changed' }, 401: unauthorized, 422: json(errorBodySchema, 'Wrong current password') },
});

export const userRoutes = createRouter()
  .openapi(getMe, (c) => c.json(serializeUser(c.get('user')!), 200))
  .openapi(putMe, async (c) => {
    const me = c.get('user')!;
    const input = c.req.valid('json');
    const db = c.get('db');
    const [taken] = await db.select({ id: users.id }).from(users).where(and(
      eq(users.channel_id, me.channel_id), ne(users.id, me.id), sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
    )).limit(1);
    if (taken) throw unprocessable('入力内容に誤りがあります。', 'user.email.taken', { email: ['このメールアドレスは既に使用されています。'] });
    const [row] = await db.update(users).set({ ...input, updated_at: new Date() }).where(eq(users.id, me.id)).returning();
    return c.json(serializeUser(row), 200);
  })
  .openapi(putPassword, async (c) => {
    const me = c.get('user')!;
    const { current_password, password } = c.req.valid('json');
    if (!(await verifyPassword(current_password, me.password_hash))) {
      throw unprocessable('入力内容に誤りがあります。', 'user.password.mismatch', { current_password: ['現在のパスワードが正しくありません。'] });
    }
    const db = c.get('db');
    await db.update(users).set({ password_hash: await hashPassword(password), password_changed_at: new Date(), updated_at: new Date() })
      .where(eq(users.id, me.id));
    // Other sessions end with the old password; this one (its token family) stays signed in.
    const [current] = await db.select({ family: auth_tokens.family }).from(auth_tokens).where(eq(auth_tokens.id, c.get('tokenId')!));
    await db.update(auth_tokens).set({ revoked_at: new Date() }).where(and(
      eq(auth_tokens.user_id, me.id), isNull(auth_tokens.revoked_at), ne(auth_tokens.id, c.get('tokenId')!),
      current?.family ? sql`${auth_tokens.family} is distinct from ${current.family}` : undefined,
    ));
    return c.body(null, 204);
  });
