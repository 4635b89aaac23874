import * as z from 'zod/mini';
import '../zod-locale';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * One API operation: its method, path (API Gateway syntax, `{id}` for parameters) and zod schemas for what the browser
 * may send. Both the server (validation) and the browser (typed client) use it.
 */
export interface ApiContract<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: HttpMethod;
  path: `/api/${string}`;
  params: P;
  query: Q;
  body: B;
  response: R;
}

const none = z.strictObject({});

export function defineContract<
  P extends z.ZodMiniType = typeof none,
  Q extends z.ZodMiniType = typeof none,
  B extends z.ZodMiniType | undefined = undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
>(c: {
  method: HttpMethod;
  path: `/api/${string}`;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}): ApiContract<P, Q, B, R> {
  return {
    method: c.method,
    path: c.path,
    params: (c.params ?? none) as P,
    query: (c.query ?? none) as Q,
    body: c.body as B,
    response: c.response,
  };
}

/** Every error answer of the API has this shape. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    requestId: z.optional(z.string()),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export type ResponseOf<C extends ApiContract> = z.infer<C['response']>;
export type QueryOf<C extends ApiContract> = z.input<C['query']>;
export type BodyOf<C extends ApiContract> = C['body'] extends z.ZodMiniType ? z.input<C['body']> : never;
