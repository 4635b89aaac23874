import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * Following a store (decision 058): a signed-in user follows or unfollows the store of /user/{username}. PUT and
 * DELETE set a state, so repeating either changes nothing.
 */

const storeParams = z.strictObject({ username: z.string().check(z.minLength(1), z.maxLength(40)) });

/** The caller's follow of the store after the request, and the store's follower count then. */
export const followStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().check(z.int(), z.nonnegative()),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const followStore = defineContract({
  method: 'PUT',
  path: '/api/stores/{username}/follow',
  params: storeParams,
  body: z.strictObject({}),
  response: followStateSchema,
});

export const unfollowStore = defineContract({
  method: 'DELETE',
  path: '/api/stores/{username}/follow',
  params: storeParams,
  response: followStateSchema,
});
