import type { IncomingMessage, ServerResponse } from 'node:http';
import { loopbackOrigins, refuseCrossSite } from '../cross-site';
import { readText, sendTooLarge } from './http-io';
import { createLocalParcel, isMove } from './local-parcels';
import type { ParcelRecord, ParcelStore } from './parcel-store';
import { pageHtml } from './page-html';
import type { WebhookSender } from './webhooks';

export interface PageDeps {
  store: ParcelStore;
  webhooks: WebhookSender;
  now: () => Date;
  onScan: (parcel: ParcelRecord) => void;
  /** The port the stand-in listens on (a form must come from a page on it). */
  port: () => number;
}

const FORM_LIMIT = 4 * 1024;

/**
 * GET / lists parcels; POST /parcels makes one and POST /parcels/{trackingNumber}/events moves one on (plain forms,
 * answered with a redirect back to the list, or the list with the problem).
 */
export function createPage(deps: PageDeps) {
  const render = (res: ServerResponse, status: number, error: string | null) =>
    res
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(pageHtml({ parcels: deps.store.list(), webhookUrl: deps.webhooks.target, error }));

  return async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    if (pathname === '/' && req.method === 'GET') {
      req.resume();
      render(res, 200, null);
      return true;
    }
    const move = /^\/parcels\/(\d{1,34})\/events$/.exec(pathname);
    if (req.method !== 'POST' || (pathname !== '/parcels' && !move)) return false;
    // A form post from this page, not from another site a browser has open (it could move parcels to delivered).
    const rules = { origins: () => loopbackOrigins(deps.port()), body: 'form' } as const;
    if (refuseCrossSite(req, res, rules, () => render(res, 403, 'Forms are only taken from this page.'))) return true;
    const body = await readText(req, FORM_LIMIT);
    if (!body.ok) {
      sendTooLarge(res, req);
      return true;
    }
    const form = new URLSearchParams(body.text);
    if (move) {
      const status = form.get('status');
      if (!isMove(status)) {
        render(res, 400, 'Pick one of the moves.');
        return true;
      }
      const moved = deps.store.move(move[1]!, status);
      if (!moved.ok) {
        render(
          res,
          moved.reason === 'not_found' ? 404 : 409,
          moved.reason === 'not_found' ? 'No such parcel.' : 'That parcel takes no more scans.',
        );
        return true;
      }
      deps.onScan(moved.parcel);
    } else {
      const weight = Number(form.get('weightLb') || '2');
      const created = createLocalParcel(
        deps.store,
        {
          fromZip: form.get('fromZip') ?? '',
          toZip: form.get('toZip') ?? '',
          weightLb: weight,
          ...(form.get('serviceType') && { serviceType: form.get('serviceType')! }),
        },
        deps.now(),
      );
      if (!created.ok) {
        render(res, 400, created.message);
        return true;
      }
      deps.onScan(created.parcel);
    }
    res.writeHead(303, { location: '/' }).end();
    return true;
  };
}
