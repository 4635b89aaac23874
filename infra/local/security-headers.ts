import type { ServerResponse } from 'node:http';
import { securityHeaders } from '../security-headers';
import { originOf } from './cross-site';

let cached: { key: string; headers: Record<string, string> } | undefined;

/**
 * The security headers CloudFront adds in AWS (infra/security-headers.ts), for the local origin: no HSTS (plain HTTP),
 * and the stand-ins' origins from the environment the local stack runs its handlers with (read per request, as a test
 * may start the stack with other stand-ins): uploads go to the local S3, the QR code and product photos come from the
 * Xaman and product lookup stand-ins.
 */
export function localSecurityHeaders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const key = [env.AWS_ENDPOINT_URL_S3, env.XAMAN_API_URL, env.PRODUCT_LOOKUP_URL].join(' ');
  if (cached?.key !== key) {
    const headers = securityHeaders({
      https: false,
      uploadOrigins: originOf(env.AWS_ENDPOINT_URL_S3),
      imageOrigins: [...originOf(env.XAMAN_API_URL), ...originOf(env.PRODUCT_LOOKUP_URL)],
    });
    cached = { key, headers };
  }
  return cached.headers;
}

/** Sets them on a response before its handler writes the head (writeHead merges them in). */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(localSecurityHeaders())) res.setHeader(name, value);
}
