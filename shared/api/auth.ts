import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * Wallet sign-in (spec part 1 states, validation and calls; decision 008). The browser never sends an address or a
 * signed blob: the server reads the signed request from Xaman with its API secret and binds it to the browser that
 * started it.
 */

const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a request id'));
/** The secret the browser got when it started a sign-in; only that browser can complete it. */
const clientSecret = z.string().check(z.regex(/^[A-Za-z0-9_-]{32,128}$/, 'Not a sign-in secret'));

export const SIGN_IN_STATUSES = ['pending', 'signed', 'cancelled', 'expired', 'timed_out'] as const;
export type SignInStatus = (typeof SIGN_IN_STATUSES)[number];

export const signInRequestSchema = z.object({
  uuid,
  /** PNG QR code of the deep link. */
  qrPngUrl: z.string(),
  /** Opens the request in Xaman (the 'Open in Xaman Wallet' button). */
  deepLink: z.string(),
  expiresAt: z.string(),
  clientSecret,
  /** WebSocket topic that carries status changes (`signing:<uuid>`). */
  topic: z.string(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const startSignIn = defineContract({
  method: 'POST',
  path: '/api/auth/sign-in',
  body: z.strictObject({}),
  response: signInRequestSchema,
});

export const signInStatusSchema = z.object({ uuid, status: z.enum(SIGN_IN_STATUSES) });
export type SignInStatusAnswer = z.infer<typeof signInStatusSchema>;

export const getSignInStatus = defineContract({
  method: 'GET',
  path: '/api/auth/sign-in/{uuid}',
  params: z.strictObject({ uuid }),
  response: signInStatusSchema,
});

export const sessionSchema = z.object({
  /** Bearer token for `user` routes (a JWT). */
  token: z.string(),
  expiresAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  walletAddress: z.string(),
  role: z.enum(['user', 'admin']),
  isSeller: z.boolean(),
  avatarUrl: z.nullable(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const signedInSchema = z.object({ kind: z.literal('session'), session: sessionSchema, user: currentUserSchema });
export type SignedIn = z.infer<typeof signedInSchema>;
export const registrationSchema = z.object({
  kind: z.literal('registration'),
  /** Short-lived, signed by the server, bound to the verified wallet address; creates the account. */
  ticket: z.string(),
  ticketExpiresAt: z.string(),
  walletAddress: z.string(),
});

/** Completes a signed request once: a known wallet gets a session, a new one a registration ticket. */
export const completeSignIn = defineContract({
  method: 'POST',
  path: '/api/auth/sign-in/{uuid}/complete',
  params: z.strictObject({ uuid }),
  body: z.strictObject({ clientSecret }),
  response: z.discriminatedUnion('kind', [signedInSchema, registrationSchema]),
});
export type SignInCompletion = z.infer<typeof completeSignIn.response>;

export const usernameAvailabilitySchema = z.object({
  available: z.boolean(),
  /** 'Username is available!', 'Username is already taken' or the rule the name breaks. */
  message: z.string(),
});

export const checkUsername = defineContract({
  method: 'GET',
  path: '/api/users/username-availability',
  query: z.strictObject({ username: z.string().check(z.maxLength(100)) }),
  response: usernameAvailabilitySchema,
});

export const createAccount = defineContract({
  method: 'POST',
  path: '/api/users',
  body: z.strictObject({
    /** Checked with the spec's rules on the server (shared/domain/username.ts). */
    username: z.string().check(z.maxLength(100)),
    ticket: z.string().check(z.minLength(1), z.maxLength(4096)),
  }),
  response: signedInSchema,
});

export const refreshSession = defineContract({
  method: 'POST',
  path: '/api/auth/session',
  body: z.strictObject({}),
  response: sessionSchema,
});

export const signOut = defineContract({
  method: 'DELETE',
  path: '/api/auth/session',
  response: z.object({ signedOut: z.literal(true) }),
});

export const getMe = defineContract({ method: 'GET', path: '/api/me', response: currentUserSchema });

/**
 * Withdraws a sign-in request that is not signed yet (the browser closed its dialog, or a smoke check started one):
 * only with the starter's secret. Answers the request's status after it: 'cancelled', or what it had become.
 */
export const cancelSignIn = defineContract({
  method: 'POST',
  path: '/api/auth/sign-in/{uuid}/cancel',
  params: z.strictObject({ uuid }),
  body: z.strictObject({ clientSecret }),
  response: signInStatusSchema,
});
