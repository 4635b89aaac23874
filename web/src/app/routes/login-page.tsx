import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { HomePage } from '../../features/listings/routes/home-page';
import { PageLoading } from '../../components/ui/page-loading';
import { requestConnectWallet } from '../../lib/session/session-events';
import { useSession } from '../../lib/session/session-context';

/**
 * /login (spec part 1: the target of sign-in redirects, its screen not shown): the home page with the Connect Wallet
 * dialog open over it. Signed in already, it is the home page.
 */
export function LoginPage() {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'signed-out') return;
    // After the header (which opens the dialog) has its listener: it mounts in the same commit as this page at most.
    const timer = setTimeout(requestConnectWallet, 0);
    return () => clearTimeout(timer);
  }, [status]);
  if (status === 'loading') return <PageLoading />;
  if (status === 'signed-in') return <Navigate to="/" replace />;
  return <HomePage />;
}
