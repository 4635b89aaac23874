import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AppError } from '../errors';
import { stateOf, type HttpMiddleware } from './state';

export const MAX_BODY_BYTES = 1024 * 1024;

function readBody(event: APIGatewayProxyEventV2, expectsBody: boolean): unknown {
  const raw = event.body;
  if (raw === undefined || raw === null || raw === '') {
    if (expectsBody) throw new AppError('invalid', 'body_required', 'A JSON request body is required');
    return undefined;
  }
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new AppError('too_large', 'body_too_large', 'The request body is larger than 1 MB');
  }
  if (!expectsBody) throw new AppError('invalid', 'unexpected_body', 'This route takes no request body');
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) {
    throw new AppError('unsupported_media', 'unsupported_media_type', 'Send the request body as application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('invalid', 'malformed_json', 'The request body is not valid JSON');
  }
}

/** The 1 MB limit, the JSON content type and JSON parsing; a route without a body refuses one. */
export function jsonBody(expectsBody: boolean): HttpMiddleware {
  return {
    before: (request) => {
      stateOf(request.event).body = readBody(request.event, expectsBody);
    },
  };
}
