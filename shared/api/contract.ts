import { z } from 'zod';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * One API operation: its method, path (API Gateway syntax, `{id}` for parameters) and zod schemas for what the browser
 * may send. Both the server (validation) and the browser (typed client) use it.
 */
export interface ApiContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: `/api/${string}`;
  params: P;
  query: Q;
  body: B;
  response: R;
}

const none = z.object({}).strict();

export function defineContract<
  P extends z.ZodType = typeof none,
  Q extends z.ZodType = typeof none,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
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
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export type ResponseOf<C extends ApiContract> = z.infer<C['response']>;
export type QueryOf<C extends ApiContract> = z.input<C['query']>;
export type BodyOf<C extends ApiContract> = C['body'] extends z.ZodType ? z.input<C['body']> : never;
