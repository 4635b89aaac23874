import '../../../styles/wallet.css';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import type { WalletBalance } from '../../../../../shared/api/wallet';
import { formatUsd } from '../../../../../shared/domain/money';
import { shortAddress } from '../../../../../shared/domain/username';
import { ArrowLeftIcon, ExternalLinkIcon, EyeIcon, RefreshIcon } from '../../../components/ui/icons';
import { PageLoading } from '../../../components/ui/page-loading';
import { RequireSignIn } from '../../../lib/session/require-sign-in';
import { useSignedInSession } from '../../../lib/session/session-context';
import { fetchWalletBalances, rlusdCents, useWalletBalances } from '../../../domains/wallet/api';

// Loaded when Send Funds is opened: the address check (xrpl's codec) stays out of the page's first load.
const SendFundsDialog = lazy(() =>
  import('../components/send-funds-dialog').then((m) => ({ default: m.SendFundsDialog })),
);

/** Spec part 1 "Fallbacks": what a failed read shows. */
const FALLBACK_BALANCES: WalletBalance[] = [
  { currency: 'XRP', value: '0', cents: null, issuer: null },
  { currency: 'RLUSD', value: '0', cents: 0, issuer: null },
];

export function balanceLabel(currency: string): string {
  if (currency === 'RLUSD') return 'USD Balance';
  return `${currency} Balance`;
}

/** RLUSD in dollars; any other currency as the ledger's decimal text and its code (kept apart so lines break there). */
export function balanceAmount(b: WalletBalance): { amount: string; unit: string | null } {
  if (b.currency === 'RLUSD') return { amount: formatUsd(b.cents ?? 0), unit: null };
  return { amount: b.value, unit: b.currency };
}

function Amount({ balance }: { balance: WalletBalance }) {
  const { amount, unit } = balanceAmount(balance);
  return (
    <>
      <span className="balance-card-number">{amount}</span>
      {unit && (
        <>
          {' '}
          <span className="balance-card-unit">{unit}</span>
        </>
      )}
    </>
  );
}

function BalanceCards({ balances, hidden }: { balances: WalletBalance[]; hidden: boolean }) {
  if (balances.length === 0) return <p className="status">No balances found</p>;
  return (
    <ul className="balance-cards">
      {balances.map((b) => (
        <li key={`${b.currency}:${b.issuer ?? ''}`} className="balance-card">
          <h2 className="balance-card-label">{balanceLabel(b.currency)}</h2>
          <p className="balance-card-amount">
            {hidden ? (
              <>
                <span aria-hidden>••••••</span>
                <span className="sr-only">Hidden</span>
              </>
            ) : (
              <Amount balance={b} />
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Wallet() {
  const { token, user } = useSignedInSession();
  const { data, error, isLoading, mutate } = useWalletBalances({ token, walletAddress: user.walletAddress });
  const [hidden, setHidden] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [sending, setSending] = useState(false);

  // A read of its own rather than SWR's revalidate, which resolves with the old data when the read fails.
  const refresh = () => {
    setRefreshing(true);
    mutate(fetchWalletBalances(token), { revalidate: false })
      .then(() => toast.success('Balances Updated'))
      .catch((e: unknown) => {
        console.warn('Balance refresh failed', e);
        toast.error('Error', { description: 'Failed to refresh balances. Please try again.' });
      })
      .finally(() => setRefreshing(false));
  };

  const failed = Boolean(error) && !data;
  const explorerUrl = data?.explorerUrl;
  return (
    <div className="container page-narrow wallet-page">
      <Link to="/settings" className="btn btn-ghost back-link">
        <ArrowLeftIcon />
        Back
      </Link>
      <div className="wallet-heading">
        <div>
          <h1 className="page-title">Wallet</h1>
          <p className="page-lead">
            {explorerUrl ? (
              <a href={explorerUrl} target="_blank" rel="noopener noreferrer" className="address-link">
                <span title={user.walletAddress}>{shortAddress(user.walletAddress)}</span>
                <ExternalLinkIcon />
                <span className="sr-only"> (opens the ledger explorer in a new tab)</span>
              </a>
            ) : (
              <span title={user.walletAddress}>{shortAddress(user.walletAddress)}</span>
            )}
          </p>
        </div>
        <div className="wallet-tools">
          <button type="button" className="btn btn-outline" onClick={() => setHidden((h) => !h)}>
            <EyeIcon off={!hidden} />
            {hidden ? 'Show balances' : 'Hide balances'}
          </button>
          <button type="button" className="btn btn-outline" onClick={refresh} disabled={refreshing}>
            <RefreshIcon />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
      </div>

      {isLoading && !data ? (
        <PageLoading text="Loading balances..." />
      ) : (
        <>
          {failed && (
            <p className="notice notice-warning" role="alert">
              Balances could not be read from the ledger; showing the defaults. Try Refresh.
            </p>
          )}
          <BalanceCards balances={data?.balances ?? FALLBACK_BALANCES} hidden={hidden} />
        </>
      )}

      <div className="wallet-actions">
        <button type="button" className="btn btn-primary" onClick={() => setSending(true)}>
          Send Funds
        </button>
        {explorerUrl && (
          <a href={explorerUrl} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
            <ExternalLinkIcon />
            View on Explorer
          </a>
        )}
      </div>
      {sending && (
        <Suspense fallback={null}>
          <SendFundsDialog
            token={token}
            sender={user.walletAddress}
            rlusdCents={data ? rlusdCents(data) : null}
            xrpText={data?.balances.find((b) => b.currency === 'XRP')?.value ?? null}
            // Funds moved: the cards and the header chip read the ledger again.
            onSent={() => void mutate()}
            onClose={() => setSending(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * /wallet (spec part 3 "Wallet"): the signed-in wallet's balances from the ledger, and Send Funds (decision 060: the
 * spec's disabled 'Coming Soon' button made a working send).
 */
export function WalletPage() {
  return (
    <RequireSignIn>
      <Wallet />
    </RequireSignIn>
  );
}
