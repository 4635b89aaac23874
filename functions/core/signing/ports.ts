/** A transaction as we ask a wallet to sign it (XRPL JSON; Xaman also knows the pseudo-type 'SignIn'). */
export type TxJson = { TransactionType: string } & Record<string, unknown>;

export interface SignRequest {
  txjson: TxJson;
  options?: {
    /** Minutes until the request expires in the wallet. */
    expireMinutes?: number;
    /** Where the wallet sends the person afterwards. */
    returnUrl?: { app?: string; web?: string };
  };
  customMeta?: {
    /** Our reference (unique per application at Xaman, at most 40 characters). */
    identifier?: string;
    /** Shown to the person in the wallet. */
    instruction?: string;
    blob?: Record<string, unknown>;
  };
}

export interface CreatedSignRequest {
  uuid: string;
  /** The page or deep link where the person signs. */
  signUrl: string;
  qrPngUrl: string;
  /** Status socket of this request. */
  websocketUrl: string;
}

export type SignStatus = 'pending' | 'signed' | 'rejected' | 'expired' | 'cancelled';

export interface SignRequestState {
  uuid: string;
  status: SignStatus;
  txType: string;
  /** Opened in the wallet (it can no longer be cancelled). */
  opened: boolean;
  expiresAt: string;
  /** Present when signed: the signed blob, its hash and the signing account, as the signer service reports them. */
  response: { hex: string; txid: string | null; account: string; signerPubkey: string | null } | null;
  customMeta: { identifier: string | null; instruction: string | null; blob: Record<string, unknown> | null };
}

export type CancelReason = 'ok' | 'already_cancelled' | 'already_resolved' | 'already_opened' | 'already_expired';

export interface SignerGateway {
  create(request: SignRequest): Promise<CreatedSignRequest>;
  /** null when the signer service does not know the uuid. */
  get(uuid: string): Promise<SignRequestState | null>;
  cancel(uuid: string): Promise<{ cancelled: boolean; reason: CancelReason }>;
}
