/**
 * The browser security headers of every response, defined once for CloudFront (infra/stacks/web-stack.ts, a response
 * headers policy) and for the local server (infra/local/security-headers.ts). The Content-Security-Policy is the one
 * the app runs under without a violation (tests/e2e/security-headers.spec.ts listens for them).
 */
export interface SecurityHeaderOptions {
  /** Served over HTTPS (CloudFront): adds Strict-Transport-Security, which browsers ignore over plain HTTP. */
  https: boolean;
  /**
   * Origins the browser uploads to besides the site (presigned POSTs straight to the media bucket: its S3 endpoint in
   * AWS, the local S3 locally).
   */
  uploadOrigins?: readonly string[];
  /**
   * Plain-HTTP image origins (the local Xaman and product lookup stand-ins). HTTPS images are allowed anyway: the Xaman
   * QR code comes from the Xaman API's host and product lookup photos from whatever retailer hosts them.
   */
  imageOrigins?: readonly string[];
}

/** Two years; subdomains included (nothing under the site's domain is meant to be served over plain HTTP). */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Scripts and styles only from the site's own files (Vite builds both; libraries that would inject <style> elements
 * get theirs from a CSS file instead, see web/csp-safe-styles.ts). `'self'` in connect-src covers the same-origin
 * ws:/wss: socket (CSP Level 3). `https:` images: see imageOrigins.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(options.imageOrigins ?? [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.uploadOrigins ?? [])],
    'media-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Every security header, by lower-case name. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    // Older browsers that ignore frame-ancestors.
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    ...(options.https && { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }),
  };
}
