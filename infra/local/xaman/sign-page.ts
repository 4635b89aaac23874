import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Client } from 'xrpl';
import { currencyName, describeRequest } from './describe-transaction';
import type { DevWallets } from './dev-wallets';
import type { LedgerLink } from './ledger-link';
import type { PayloadStore, StoredPayload } from './payload-store';
import { renderSignPage, type PageState, type WalletChoice } from './sign-page-html';
import { CannotSign, signInBlob, signRequested } from './sign-transaction';
import { requestUrl } from '../request-url';

export interface SignPageOptions {
  store: PayloadStore;
  wallets: DevWallets;
  ledger: LedgerLink;
  appName: string;
  /** True while the first dev wallets are still being funded. */
  preparing: () => boolean;
  log: (message: string) => void;
}

const MAX_FORM_BYTES = 16 * 1024;
const BALANCE_TIMEOUT_MS = 2000;

/** Xaman's own transaction types that are not XRPL transactions and that the stand-in cannot sign. */
const UNSUPPORTED = new Set(['PaymentChannelAuthorize']);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}

/** The page must render promptly even when the ledger is slow or down: balances are then left out. */
function withinBalanceTimeout<T>(promise: Promise<T>): Promise<T | null> {
  return Promise.race([
    promise.catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), BALANCE_TIMEOUT_MS).unref()),
  ]);
}

async function balancesInWords(client: Client, address: string): Promise<string | null> {
  const balances = await withinBalanceTimeout(client.getBalances(address));
  return balances?.map((b) => `${b.value} ${currencyName(b.currency)}`).join(', ') ?? null;
}

/**
 * The sign page behind next.always (GET /sign/<uuid>) and its three form actions: approve (sign with the chosen dev
 * wallet), reject, and create a new funded wallet. Forms post and redirect back (303), so the page works without script.
 */
export function createSignPage(opts: SignPageOptions) {
  const { store, wallets } = opts;

  /** Who may sign: any dev wallet, or only the one the request names as Account. */
  function requiredAccount(p: StoredPayload): string | null {
    const account = p.requestJson.Account;
    return p.txType !== 'SignIn' && typeof account === 'string' && account !== '' ? account : null;
  }

  function blockedReason(p: StoredPayload): string | null {
    if (UNSUPPORTED.has(p.txType)) return `The local stand-in cannot sign ${p.txType} requests.`;
    const account = requiredAccount(p);
    if (account && !wallets.list().some((w) => w.address === account)) {
      return `This request must be signed by ${account}, which is not one of the local dev wallets.`;
    }
    return null;
  }

  async function pageState(p: StoredPayload, wanted: string | null): Promise<PageState> {
    if (p.state === 'signed') {
      const account = p.response!.account;
      const label = wallets.list().find((w) => w.address === account)?.label ?? null;
      return { kind: 'signed', account, label, txid: p.response!.txid };
    }
    if (p.state === 'rejected') return { kind: 'rejected' };
    if (p.state === 'cancelled') return { kind: 'cancelled' };
    if (!store.canResolve(p)) return { kind: 'expired' };
    const reason = blockedReason(p);
    if (reason) return { kind: 'blocked', reason };
    const account = requiredAccount(p);
    const client = await withinBalanceTimeout(opts.ledger.get());
    const choices: WalletChoice[] = await Promise.all(
      wallets.list().map(async (w) => ({
        address: w.address,
        label: w.label,
        balances: w.funded && client ? await balancesInWords(client, w.address) : null,
        selectable: w.funded && (!account || account === w.address),
        note: !w.funded
          ? 'being funded'
          : account && account !== w.address
            ? 'not the account this request names'
            : null,
      })),
    );
    const selectable = choices.filter((c) => c.selectable).map((c) => c.address);
    const selected = wanted && selectable.includes(wanted) ? wanted : (selectable[0] ?? null);
    return { kind: 'open', wallets: choices, selected, preparing: opts.preparing() };
  }

  async function render(
    res: ServerResponse,
    p: StoredPayload,
    status: number,
    extra: { wanted?: string | null; error?: string | null; notice?: string | null } = {},
  ): Promise<void> {
    const nonce = randomBytes(16).toString('base64');
    const html = renderSignPage({
      uuid: p.uuid,
      appName: opts.appName,
      request: describeRequest(p.requestJson, p.customMeta.instruction),
      requestJson: p.requestJson,
      state: await pageState(p, extra.wanted ?? null),
      error: extra.error ?? null,
      notice: extra.notice ?? null,
      nonce,
    });
    res
      .writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
      })
      .end(html);
  }

  async function approve(res: ServerResponse, p: StoredPayload, form: URLSearchParams): Promise<void> {
    const address = form.get('wallet') ?? '';
    const wallet = wallets.list().find((w) => w.address === address && w.funded) ? wallets.wallet(address) : undefined;
    if (!wallet) {
      await render(res, p, 400, { error: 'Choose one of the dev wallets to sign with.' });
      return;
    }
    const blocked = blockedReason(p);
    if (blocked) {
      await render(res, p, 409, { error: blocked });
      return;
    }
    try {
      const response =
        p.txType === 'SignIn'
          ? signInBlob(wallet, p.uuid)
          : await signRequested(await opts.ledger.get(), wallet, p.requestJson);
      // The ledger call may have taken a while: someone may have resolved the payload meanwhile.
      if (!store.canResolve(p)) {
        await render(res, p, 409, { error: 'This request was resolved meanwhile.' });
        return;
      }
      store.signed(p.uuid, response);
      opts.log(`payload ${p.uuid} (${p.txType}) signed by ${response.account}`);
      redirect(res, `/sign/${p.uuid}`);
    } catch (error) {
      const message = error instanceof CannotSign ? error.message : `Signing failed: ${(error as Error).message}`;
      await render(res, p, 422, { wanted: address, error: message });
    }
  }

  async function newWallet(res: ServerResponse, p: StoredPayload): Promise<void> {
    try {
      const address = await wallets.createFunded();
      redirect(res, `/sign/${p.uuid}?wallet=${address}&created=1`);
    } catch (error) {
      await render(res, p, 502, { error: `Could not create a funded wallet: ${(error as Error).message}` });
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, uuid: string, action: string | null) {
    const p = store.get(uuid);
    if (!p) {
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('This sign request does not exist.');
      return;
    }
    const url = requestUrl(req);
    if (req.method === 'GET' && action === null) {
      req.resume();
      store.markOpened(p.uuid);
      const wanted = url.searchParams.get('wallet');
      const created = url.searchParams.get('created') === '1' && wanted;
      await render(res, p, 200, { wanted, notice: created ? `New funded wallet ${wanted} is selected.` : null });
      return;
    }
    if (req.method !== 'POST' || action === null) {
      req.resume();
      res.writeHead(405, { allow: 'GET, POST' }).end();
      return;
    }
    // The service has refused posts from another site's page already (service.ts, decision 077).
    const form = await readForm(req);
    store.markOpened(p.uuid);
    if (action === 'wallets') {
      await newWallet(res, p);
      return;
    }
    if (!store.canResolve(p)) {
      await render(res, p, 409, { error: 'This request can no longer be signed or rejected.' });
      return;
    }
    if (action === 'reject') {
      store.rejected(p.uuid);
      opts.log(`payload ${p.uuid} (${p.txType}) rejected`);
      redirect(res, `/sign/${p.uuid}`);
      return;
    }
    await approve(res, p, form);
  };
}
