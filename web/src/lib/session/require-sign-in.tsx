import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoading } from '../../components/ui/page-loading';
import { useSession } from './session-context';

/** Pages for signed-in users: wait while a saved session is restored, send signed-out visitors to / (spec part 3). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <PageLoading />;
  if (status === 'signed-out') return <Navigate to="/" replace />;
  return children;
}
