import type * as z from 'zod/mini';
import type { ApiContract } from '../../../shared/api/contract';
import { AppError } from '../errors';
import { stateOf, type HttpMiddleware } from './state';

/** zod issues -> one readable message and a per-field map. */
function fieldsOf(error: z.core.$ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length
      ? issue.path.join('.')
      : issue.code === 'unrecognized_keys'
        ? issue.keys.join(',')
        : '_';
    fields[key] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
  return { message, fields };
}

function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, where: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { message, fields } = fieldsOf(result.error);
  throw new AppError('invalid', 'validation_failed', `Invalid ${where}: ${message}`, fields);
}

/** Path, query and body checked with the route's shared zod contract (strict: unknown fields are errors). */
export function contractValidation(contract: ApiContract): HttpMiddleware {
  return {
    before: (request) => {
      const state = stateOf(request.event);
      state.input = {
        params: parseWith(contract.params, request.event.pathParameters ?? {}, 'path'),
        query: parseWith(contract.query, request.event.queryStringParameters ?? {}, 'query'),
        body: contract.body ? parseWith(contract.body, state.body, 'body') : undefined,
      };
    },
  };
}
