import type { CreateOutcome, NewNotification, Notification } from '../../core/notifications/ports';
import { storedNotification } from './notification-rows';
import type { Db } from './service';
import { cancelReasons, failedAt, transactWithRetry, type TransactResult } from './transact';

/**
 * Notifications per transaction: two items each (its key and itself) and one counter per user among them, within
 * DynamoDB's 100 items.
 */
export const NOTIFICATIONS_PER_WRITE = 25;

interface Waiting {
  n: NewNotification;
  resolve(outcome: CreateOutcome): void;
  reject(error: unknown): void;
}

const keyOf = (n: Pick<NewNotification, 'userId' | 'dedupeKey'>) => `${n.userId} ${n.dedupeKey}`;

/**
 * Writes these notifications (distinct keys) in one transaction: each one's key item (`attribute_not_exists`), the
 * notification, and one `ADD unread` per user for all of theirs. Every notification of the transaction is stored and
 * counted, or none is. The keys already taken are answered with the stored notification; the others are written again
 * without them (each round settles at least one).
 */
async function writeTogether(db: Db, batch: readonly NewNotification[]): Promise<CreateOutcome[]> {
  const outcomes: (CreateOutcome | undefined)[] = batch.map(() => undefined);
  let pending = batch.map((_, i) => i);
  while (pending.length > 0) {
    const round = pending;
    const perUser = new Map<string, number>();
    for (const i of round) perUser.set(batch[i]!.userId, (perUser.get(batch[i]!.userId) ?? 0) + 1);
    // Order matters: the cancellation reasons come back in this order, two per notification first.
    const result = await transactWithRetry(
      () =>
        db.transaction
          .write(({ notificationKey: k, notification: item, notificationCounter: c }) => [
            ...round.flatMap((i) => {
              const { userId, dedupeKey, id, relatedId, ...fields } = batch[i]!;
              return [
                k.create({ userId, dedupeKey, notificationId: id }).commit(),
                item
                  .create({
                    ...fields,
                    userId,
                    notificationId: id,
                    dedupeKey,
                    ...(relatedId !== null && { relatedId }),
                  })
                  .commit(),
              ];
            }),
            ...[...perUser].map(([userId, count]) => c.update({ userId }).add({ unread: count }).commit()),
          ])
          .go() as Promise<TransactResult>,
    );
    if (!result.canceled) {
      for (const i of round) outcomes[i] = { created: true };
      break;
    }
    const taken = round.filter((_, r) => failedAt(result, 2 * r));
    if (taken.length === 0) throw new Error(`notification create cancelled: ${cancelReasons(result)}`);
    await Promise.all(taken.map(async (i) => (outcomes[i] = await existing(db, batch[i]!))));
    pending = round.filter((i) => !taken.includes(i));
  }
  return outcomes as CreateOutcome[];
}

async function existing(db: Db, n: NewNotification): Promise<CreateOutcome> {
  const { data: key } = await db.entities.notificationKey
    .get({ userId: n.userId, dedupeKey: n.dedupeKey })
    .go({ consistent: true });
  return { created: false, existing: key ? await storedNotification(db, n.userId, key.notificationId) : null };
}

/** A batch: each key once (a copy of a request waits for the first's outcome), at most NOTIFICATIONS_PER_WRITE. */
async function settle(db: Db, waiting: readonly Waiting[]): Promise<void> {
  const firsts = new Map<string, Waiting[]>();
  for (const w of waiting) {
    const copies = firsts.get(keyOf(w.n));
    if (copies) copies.push(w);
    else firsts.set(keyOf(w.n), [w]);
  }
  const groups = [...firsts.values()];
  for (let i = 0; i < groups.length; i += NOTIFICATIONS_PER_WRITE) {
    const part = groups.slice(i, i + NOTIFICATIONS_PER_WRITE);
    writeTogether(
      db,
      part.map(([first]) => first!.n),
    ).then(
      (outcomes) =>
        part.forEach(([first, ...copies], g) => {
          const outcome = outcomes[g]!;
          first!.resolve(outcome);
          // A copy of a request stored nothing: it finds the first's notification, as a redelivery would.
          const stored = outcome.created ? { ...fresh(first!.n), read: false } : outcome.existing;
          for (const c of copies) c.resolve({ created: false, existing: stored });
        }),
      (error: unknown) => part.flat().forEach((w) => w.reject(error)),
    );
  }
}

function fresh(n: NewNotification): Omit<Notification, 'read'> {
  return { id: n.id, type: n.type, title: n.title, message: n.message, relatedId: n.relatedId, createdAt: n.createdAt };
}

const queues = new WeakMap<Db, Waiting[]>();

/**
 * Creates a notification (core/notifications' `create`: stored once per user and key, and counted), together with
 * every other create this process asks for in the same turn of the event loop: a batch of events from the queue
 * (a hot auction's outbid notices) is one transaction, not one each. In a Lambda container each batch's are together.
 */
export function createNotification(db: Db, n: NewNotification): Promise<CreateOutcome> {
  return new Promise((resolve, reject) => {
    let waiting = queues.get(db);
    if (!waiting) {
      const mine: Waiting[] = [];
      waiting = mine;
      queues.set(db, mine);
      setImmediate(() => {
        queues.delete(db);
        void settle(db, mine);
      });
    }
    waiting.push({ n, resolve, reject });
  });
}
