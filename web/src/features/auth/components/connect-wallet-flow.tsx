import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { createAccount, SignInCompletion } from '../../../../../shared/api/auth';
import type { ResponseOf } from '../../../../../shared/api/contract';
import { useSession } from '../../../lib/session/session-context';
import { SIGN_IN_TOASTS } from '../lib/sign-in-toasts';
import { ConnectWalletDialog } from './connect-wallet-dialog';
import { CreateUsernameDialog } from './create-username-dialog';

type Pending = { walletAddress: string; ticket: string };

/**
 * The whole connection (spec part 1 "Wallet connection"): Connect Wallet dialog, then either a session or, for a new
 * wallet, the Create Your Username dialog. The pending wallet and its ticket live only here: closing drops them.
 */
export function ConnectWalletFlow({ onClose }: { onClose(): void }) {
  const { signIn } = useSession();
  const [pending, setPending] = useState<Pending | null>(null);

  const signedIn = useCallback(
    (signed: ResponseOf<typeof createAccount>) => {
      signIn(signed);
      toast.success(SIGN_IN_TOASTS.connected);
      onClose();
    },
    [signIn, onClose],
  );

  const completed = useCallback(
    (completion: SignInCompletion) => {
      if (completion.kind === 'session') signedIn(completion);
      else setPending({ walletAddress: completion.walletAddress, ticket: completion.ticket });
    },
    [signedIn],
  );

  if (pending) {
    return (
      <CreateUsernameDialog
        walletAddress={pending.walletAddress}
        ticket={pending.ticket}
        onCreated={signedIn}
        onClose={onClose}
      />
    );
  }
  return <ConnectWalletDialog onClose={onClose} onCompleted={completed} />;
}
