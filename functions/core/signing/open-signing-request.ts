import { signingTopic } from '../../../shared/events';
import type { Clock } from '../clock/clock';
import { SIGNING_SCHEDULE } from './poll-signing';
import type { SignerGateway, TxJson } from './ports';
import type { SigningPurpose, SigningQueue, SigningRequestStore } from './requests';

/**
 * The one way a wallet signing request is opened (decision 045): the payload at the wallet service, its record, and
 * its first check on the signing queue. Each flow (sign-in, escrow, platform fee, trust line) applies its own guards
 * first and says what the request is for; what happens once it resolves is its purpose's settlement.
 */
export interface OpenSigningDeps {
  signer: Pick<SignerGateway, 'create'>;
  store: Pick<SigningRequestStore, 'create'>;
  queue: SigningQueue;
  clock: Clock;
}

export interface SigningAsk {
  purpose: SigningPurpose;
  /** What the request is about (the order, the user); null for sign-in. */
  subjectId: string | null;
  txjson: TxJson;
  expireMinutes: number;
  /** Shown to the person in the wallet. */
  instruction: string;
  /** Our reference at the wallet service (unique per application there). */
  identifier?: string;
  /** Facts the wallet service keeps with the request (custom meta's blob): a sign-in's site and code. */
  meta?: Record<string, string>;
  /** sha256 (hex) of the secret handed to the browser that started the request (sign-in). */
  clientSecretHash?: string;
  /** The instant the caller judged the request at (its expiry counts from it); the clock's time otherwise. */
  at?: Date;
  /**
   * The flow's own record of the request (e.g. the order's), false when another request won the race to it: this one
   * is then never checked (`attached` false). `attach` writes it after the request's record, so the flow never names
   * an unrecorded request (escrow); `claim` before it, so a request that lost leaves no record (platform fee).
   */
  attach?: (opened: OpenedSigningRequest) => Promise<boolean>;
  claim?: (opened: OpenedSigningRequest) => Promise<boolean>;
}

/** What the browser needs to follow the request: where to sign, its QR code, its expiry and its socket topic. */
export interface OpenedSigningRequest {
  uuid: string;
  signUrl: string;
  qrPngUrl: string;
  expiresAt: string;
  topic: string;
}

export async function openSigningRequest(
  ask: SigningAsk,
  deps: OpenSigningDeps,
): Promise<OpenedSigningRequest & { attached: boolean }> {
  const at = ask.at ?? deps.clock.now();
  const created = await deps.signer.create({
    txjson: ask.txjson,
    options: { expireMinutes: ask.expireMinutes },
    customMeta: {
      ...(ask.identifier !== undefined && { identifier: ask.identifier }),
      instruction: ask.instruction,
      ...(ask.meta && { blob: ask.meta }),
    },
  });
  const opened: OpenedSigningRequest = {
    uuid: created.uuid,
    signUrl: created.signUrl,
    qrPngUrl: created.qrPngUrl,
    expiresAt: new Date(at.getTime() + ask.expireMinutes * 60_000).toISOString(),
    topic: signingTopic(created.uuid),
  };
  if (ask.claim && !(await ask.claim(opened))) return { ...opened, attached: false };
  await deps.store.create({
    uuid: created.uuid,
    purpose: ask.purpose,
    status: 'pending',
    clientSecretHash: ask.clientSecretHash ?? '',
    subjectId: ask.subjectId,
    createdAt: at.toISOString(),
    expiresAt: opened.expiresAt,
    attempts: 0,
    lastCheckedAt: null,
    lastMessageId: null,
    completedAt: null,
    account: null,
  });
  if (ask.attach && !(await ask.attach(opened))) return { ...opened, attached: false };
  await deps.queue.enqueue(
    { uuid: created.uuid, purpose: ask.purpose, attempt: 1 },
    SIGNING_SCHEDULE.firstCheckDelaySeconds,
  );
  return { ...opened, attached: true };
}
