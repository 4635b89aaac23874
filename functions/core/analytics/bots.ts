/**
 * User agents that announce themselves as robots (decision 056): search and social crawlers, uptime monitors, page
 * auditors and the usual scripted HTTP clients. A short list of well-known words, not a fingerprinting arms race:
 * a browser page's beacon is the counted path, and most robots never run it anyway.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|slurp|facebookexternalhit|embedly|preview|headlesschrome|phantomjs|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|httpclient|scrapy/i;

/** Whether a view with this User-Agent header is a robot's; none at all is treated as one (browsers always send it). */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  return ua === '' || BOT_PATTERN.test(ua);
}
