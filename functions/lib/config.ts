import { z } from 'zod';

/**
 * Every setting the functions read, validated once. Endpoints of AWS services come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so nothing here knows whether it runs locally or in AWS.
 */
const schema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  MEDIA_BUCKET: z.string().min(1),
  /** Public URL prefix under which media objects are served (CloudFront /media or the local gateway). */
  MEDIA_BASE_URL: z.string().min(1),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  QUEUE_EVENTS_URL: z.string().min(1),
  /** The WebSocket API's @connections endpoint. */
  WS_CALLBACK_URL: z.string().min(1),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});
export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

/** Reads and validates the environment on first use (not at import, so tests and the local runtime can set it first). */
export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid configuration: ${missing}`);
  }
  cached = parsed.data;
  return cached;
}

/** Only for the local runtime and tests that change the environment after a first read. */
export function resetConfigForTests(): void {
  cached = undefined;
}
