/** ElectroDB rethrows DynamoDB's ConditionalCheckFailedException wrapped; its message survives. */
export function isConditionalFailure(error: unknown): boolean {
  const e = error as { message?: unknown; cause?: { name?: unknown } } | null;
  return (
    e?.cause?.name === 'ConditionalCheckFailedException' ||
    String(e?.message ?? '').includes('conditional request failed')
  );
}

/** Runs a conditional write: true when it was applied, false when its condition did not hold. */
export async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
