import { Client, Wallet } from 'xrpl';
import { RLUSD_CURRENCY_HEX } from '../../../functions/lib/config';

/**
 * The platform account receives sellers' fees in RLUSD, so it needs an RLUSD trust line: made once per data dir (a
 * TrustSet signed with its genesis seed), as an operator makes one for the real platform wallet.
 */
export async function ensurePlatformTrustLine(url: string, platformSeed: string, issuer: string): Promise<void> {
  const wallet = Wallet.fromSeed(platformSeed);
  const client = new Client(url);
  await client.connect();
  try {
    const { result } = await client.request({ command: 'account_lines', account: wallet.classicAddress, peer: issuer });
    if (result.lines.some((l) => l.currency === RLUSD_CURRENCY_HEX)) return;
    const answer = await client.submitAndWait(
      {
        TransactionType: 'TrustSet',
        Account: wallet.classicAddress,
        LimitAmount: { currency: RLUSD_CURRENCY_HEX, issuer, value: '1000000000' },
      },
      { autofill: true, wallet },
    );
    const code = (answer.result.meta as { TransactionResult?: string } | undefined)?.TransactionResult;
    if (code !== 'tesSUCCESS') throw new Error(`the platform's RLUSD trust line failed: ${code}`);
  } finally {
    await client.disconnect();
  }
}
