import * as z from 'zod/mini';
import { defineContract } from './contract';

/** The admin portal's Audit tab (decisions 061 and 062). */

/** A dotted action or its start: `role.`, `settings.update`. */
export const AUDIT_ACTION_PREFIX = /^[a-z_]+(\.[a-z_]*)*$/;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  /** null when the actor's account is gone. */
  actorUsername: z.nullable(z.string()),
  action: z.string(),
  subject: z.nullable(z.string()),
  /** JSON values; a secret's are 'changed'. */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** The audit log, newest first, across months; filtered by action prefix and by actor (a username). */
export const listAuditEntries = defineContract({
  method: 'GET',
  path: '/api/admin/audit',
  query: z.strictObject({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 25),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    action: z.optional(z.string().check(z.maxLength(60), z.regex(AUDIT_ACTION_PREFIX, 'Not an action'))),
    actor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{1,29}$/, 'Not a username'))),
  }),
  response: z.object({ items: z.array(auditEntrySchema), nextCursor: z.nullable(z.string()) }),
});
