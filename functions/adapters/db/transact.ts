/** What ElectroDB's transaction `go()` answers. */
export interface TransactResult {
  canceled: boolean;
  data: ({ code?: string } | null | undefined)[];
}

const ATTEMPTS = 6;

/**
 * Runs a write transaction, again after a short random pause while it only lost a race with another transaction on a
 * shared item (a search posting): DynamoDB cancels such a transaction with TransactionConflict and changes nothing.
 */
export async function transactWithRetry(run: () => Promise<TransactResult>): Promise<TransactResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await run();
    const conflict = result.canceled && result.data.some((d) => d?.code === 'TransactionConflict');
    const failedCheck = result.data.some((d) => d?.code === 'ConditionalCheckFailed');
    if (!conflict || failedCheck || attempt === ATTEMPTS) return result;
    await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
  }
}

/** Whether the cancelled transaction's item `i` failed its condition. */
export const failedAt = (result: TransactResult, i: number) => result.data[i]?.code === 'ConditionalCheckFailed';

export function cancelReasons(result: TransactResult): string {
  return result.data.map((d) => d?.code ?? 'None').join(', ');
}
