import * as z from 'zod/mini';
import { defineContract } from './contract';

/** The admin portal's Roles tab (decision 062). */

const usernameParams = z.strictObject({
  username: z.string().check(z.regex(/^[A-Za-z0-9_]{3,29}$/, 'Not a username')),
});

export const adminMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  walletAddress: z.string(),
  /** Its wallet is in ADMIN_WALLET_ADDRESSES: signing in makes it an administrator again, so it can't be revoked here. */
  configured: z.boolean(),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

const adminsSchema = z.object({ items: z.array(adminMemberSchema) });

/** Every administrator, by username. */
export const listAdmins = defineContract({
  method: 'GET',
  path: '/api/admin/roles',
  response: adminsSchema,
});

/** Makes the user an administrator (already one: nothing changes). Answers the administrators after. */
export const grantAdminRole = defineContract({
  method: 'PUT',
  path: '/api/admin/roles/{username}',
  params: usernameParams,
  response: adminsSchema,
});

/** Takes the role back (not one: nothing changes); never from the last administrator. Answers the administrators after. */
export const revokeAdminRole = defineContract({
  method: 'DELETE',
  path: '/api/admin/roles/{username}',
  params: usernameParams,
  response: adminsSchema,
});
