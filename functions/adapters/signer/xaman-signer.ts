import type { XummSdk, XummTypes } from 'xumm-sdk';
import type { SecretSource } from '../../core/secrets/ports';
import type {
  CancelReason,
  CreatedSignRequest,
  SignerGateway,
  SignRequest,
  SignRequestState,
  SignStatus,
} from '../../core/signing/ports';
import { signerConfig, XAMAN_DEFAULT_API_URL } from '../../lib/config';
import { ConfigurationError, NotFoundError, UpstreamError } from '../../lib/errors';
import { secrets } from '../secrets';

export interface XamanKeys {
  apiKey: string;
  apiSecret: string;
}

export interface XamanCredentials {
  apiUrl: string;
  /**
   * The application key and secret in use now, asked on every call (the secrets port caches them): a key saved in the
   * admin portal takes effect without a restart (decision 071).
   */
  keys: () => Promise<XamanKeys>;
}

/** xumm-sdk reports API errors as `Error code <n>, see XUMM Dev Console, reference: <ref>`. */
function apiErrorCode(error: unknown): number | undefined {
  const m = error instanceof Error ? /^Error code (\d+)/.exec(error.message) : null;
  return m ? Number(m[1]) : undefined;
}

/** What a caller other than an administrator reads when our Xaman configuration is at fault (decision 078). */
const UNAVAILABLE = 'The wallet service is unavailable right now. Try again shortly.';
const configFault = (code: string, message: string) =>
  new ConfigurationError(code, message, 'signer_unavailable', UNAVAILABLE);

/** SDK failures as typed errors: never the SDK's own text, which may quote the request. */
function mapError(error: unknown, what: string): Error {
  const code = apiErrorCode(error);
  if (code === 404) return new NotFoundError('The signing request does not exist');
  if (code !== undefined && code >= 800 && code < 900) {
    return configFault('signer_auth', `The wallet service refused our credentials (code ${code})`);
  }
  if (code !== undefined) {
    return new UpstreamError(
      'upstream_failed',
      'signer_rejected',
      `The wallet service refused to ${what} (code ${code})`,
    );
  }
  return new UpstreamError('unavailable', 'signer_unavailable', `The wallet service could not be reached to ${what}`);
}

export function statusOf(meta: XummTypes.XummPayloadMeta): SignStatus {
  if (meta.signed) return 'signed';
  if (meta.cancelled) return 'cancelled';
  if (meta.expired) return 'expired';
  if (meta.resolved) return 'rejected';
  return 'pending';
}

const CANCEL_REASONS: Record<XummTypes.XummCancelReason, CancelReason> = {
  OK: 'ok',
  ALREADY_CANCELLED: 'already_cancelled',
  ALREADY_RESOLVED: 'already_resolved',
  ALREADY_OPENED: 'already_opened',
  ALREADY_EXPIRED: 'already_expired',
};

export function toState(p: XummTypes.XummGetPayloadResponse): SignRequestState {
  const status = statusOf(p.meta);
  const r = p.response;
  return {
    uuid: p.meta.uuid,
    status,
    txType: p.payload.tx_type,
    opened: p.meta.app_opened,
    expiresAt: new Date(p.payload.expires_at).toISOString(),
    response:
      status === 'signed' && r.hex && r.account
        ? { hex: r.hex, txid: r.txid, account: r.account, signerPubkey: r.signer_pubkey ?? null }
        : null,
    customMeta: {
      identifier: p.custom_meta?.identifier ?? null,
      instruction: p.custom_meta?.instruction ?? null,
      blob: p.custom_meta?.blob ?? null,
    },
  };
}

/** The SignerGateway over xumm-sdk: the real Xaman platform API, or any server speaking it (setEndpoint). */
export class XamanSigner implements SignerGateway {
  /** The SDK client of the keys it was made with: made again only when the keys in use change. */
  private current: { keys: string; sdk: Promise<XummSdk> } | undefined;

  constructor(private readonly credentials: XamanCredentials) {}

  private async client(): Promise<XummSdk> {
    const { apiKey, apiSecret } = await this.credentials.keys();
    const keys = `${apiKey}\n${apiSecret}`;
    if (this.current?.keys !== keys) {
      const made = {
        keys,
        // xumm-sdk (with its fetch and WebSocket polyfills) is evaluated on the first call, not when the function loads.
        sdk: import('xumm-sdk').then(({ XummSdk }) => {
          const sdk = new XummSdk(apiKey, apiSecret);
          if (this.credentials.apiUrl !== XAMAN_DEFAULT_API_URL) sdk.setEndpoint(this.credentials.apiUrl);
          return sdk;
        }),
      };
      made.sdk.catch(() => {
        if (this.current === made) this.current = undefined;
      });
      this.current = made;
    }
    return this.current.sdk;
  }

  private async call<T>(what: string, fn: (sdk: XummSdk) => Promise<T>): Promise<T> {
    let sdk: XummSdk;
    try {
      sdk = await this.client();
    } catch (error) {
      // A missing secret or a key the SDK refuses (not a UUID) is our configuration, not the caller's request.
      const detail = error instanceof Error ? error.message : String(error);
      throw configFault('signer_config', `The wallet service is not configured: ${detail}`);
    }
    try {
      return await fn(sdk);
    } catch (error) {
      throw mapError(error, what);
    }
  }

  create(request: SignRequest): Promise<CreatedSignRequest> {
    const body: XummTypes.XummPostPayloadBodyJson = {
      txjson: request.txjson as XummTypes.XummJsonTransaction,
      // The backend verifies every signed blob and submits it itself.
      options: {
        submit: false,
        ...(request.options?.expireMinutes !== undefined && { expire: request.options.expireMinutes }),
        ...(request.options?.returnUrl && { return_url: request.options.returnUrl }),
      },
      ...(request.customMeta && { custom_meta: request.customMeta }),
    };
    return this.call('create a signing request', async (sdk) => {
      const created = await sdk.payload.create(body, true);
      if (!created) throw new Error('no payload in the answer');
      return {
        uuid: created.uuid,
        signUrl: created.next.always,
        qrPngUrl: created.refs.qr_png,
        websocketUrl: created.refs.websocket_status,
      };
    });
  }

  async get(uuid: string): Promise<SignRequestState | null> {
    try {
      return await this.call('read a signing request', async (sdk) => {
        const payload = await sdk.payload.get(uuid, true);
        if (!payload) throw new Error('Error code 404');
        return toState(payload);
      });
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  cancel(uuid: string): Promise<{ cancelled: boolean; reason: CancelReason }> {
    return this.call('cancel a signing request', async (sdk) => {
      const out = await sdk.payload.cancel(uuid, true);
      if (!out) throw new Error('no answer');
      return { cancelled: out.result.cancelled, reason: CANCEL_REASONS[out.result.reason] };
    });
  }

  /** For the health check: our key and secret are accepted. */
  async checkHealth(): Promise<void> {
    const pong = await this.call('check the connection', (sdk) => sdk.ping());
    if (!pong.application?.uuidv4) throw new Error('the wallet service did not name our application');
  }
}

let shared: XamanSigner | undefined;

/** The container's signer, built from validated configuration and the secret source on first use. */
export function signer(source: SecretSource = secrets): XamanSigner {
  if (!shared) {
    const c = signerConfig();
    shared = new XamanSigner({
      apiUrl: c.XAMAN_API_URL,
      keys: async () => {
        const [apiKey, apiSecret] = await Promise.all([source.read('xamanApiKey'), source.read('xamanApiSecret')]);
        return { apiKey, apiSecret };
      },
    });
  }
  return shared;
}

export function resetSigner(): void {
  shared = undefined;
}
