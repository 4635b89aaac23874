import '../../../styles/signing.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { SignInCompletion, SignInRequest } from '../../../../../shared/api/auth';
import { SigningDialog } from '../../../components/signing-dialog';
import { DialogClose } from '../../../components/ui/dialog';
import { CloseIcon, WalletIcon } from '../../../components/ui/icons';
import { cancelSignIn, completeSignIn, startSignIn } from '../../../domains/auth/api';
import { SIGNING_DIALOG_TEXTS } from '../../../lib/signing-texts';
import { SITE_NAME } from '../../../../../shared/domain/sign-in-code';
import type { SigningEnd } from '../../../lib/signing/follow-signing';
import { SIGN_IN_TOASTS, toastError, toastUnsigned } from '../lib/sign-in-toasts';
import { signInEnd, signInFollow, type FinalSignInStatus } from '../lib/watch-sign-in';

type Step =
  | { kind: 'choose' }
  | { kind: 'generating' }
  | { kind: 'failed' }
  | { kind: 'qr'; request: SignInRequest }
  | { kind: 'completing' };

export interface ConnectWalletDialogProps {
  onClose(): void;
  /** The signed request, completed with the secret of this browser: a session or a registration ticket. */
  onCompleted(completion: SignInCompletion): void;
}

export const QR_FAILED_TEXT = 'Failed to generate QR code. Please try again.';

/**
 * The code Xaman shows with this request, with the site's name (decision 078): a QR code relayed from another page
 * carries a code this dialog did not show.
 */
function SignInCode({ code }: { code: string }) {
  return (
    <p className="dialog-note sign-in-code">
      Xaman will show {SITE_NAME} and the code <strong className="sign-in-code-value">{code}</strong>. Approve only if
      they match.
    </p>
  );
}

/**
 * Spec part 1 "Connect Wallet dialog", in the signing dialog: choose Xaman, then scan the QR code (or open the deep
 * link) and wait for the signature; the dialog follows the request (signInFollow).
 */
export function ConnectWalletDialog({ onClose, onCompleted }: ConnectWalletDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  // Each start gets a number; answers for an abandoned start (Back, Try Again, close) are dropped.
  const attempt = useRef(0);
  // The request on screen until it ends: one left behind (closed, Back, started again) is cancelled, so its QR code
  // can't be approved later for nobody (decision 077).
  const shown = useRef<{ uuid: string; clientSecret: string } | null>(null);
  const abandon = () => {
    const left = shown.current;
    shown.current = null;
    if (left) cancelSignIn(left.uuid, left.clientSecret).catch(() => undefined);
  };
  useEffect(
    () => () => {
      attempt.current += 1;
      abandon();
    },
    [],
  );

  const start = () => {
    const mine = ++attempt.current;
    abandon();
    setStep({ kind: 'generating' });
    startSignIn()
      .then((request) => {
        if (attempt.current !== mine) {
          cancelSignIn(request.uuid, request.clientSecret).catch(() => undefined);
          return;
        }
        shown.current = { uuid: request.uuid, clientSecret: request.clientSecret };
        setStep({ kind: 'qr', request });
      })
      .catch((error: unknown) => {
        if (attempt.current !== mine) return;
        setStep({ kind: 'failed' });
        toastError(SIGN_IN_TOASTS.startFailed, error);
      });
  };

  const back = () => {
    attempt.current += 1;
    abandon();
    setStep({ kind: 'choose' });
  };

  const request = step.kind === 'qr' ? step.request : null;
  const follow = useMemo(() => request && signInFollow(request), [request]);
  const finished = (end: SigningEnd<FinalSignInStatus>) => {
    if (!request) return;
    shown.current = null;
    const ended = signInEnd(end);
    const mine = attempt.current;
    if (ended.kind === 'error') {
      console.warn('Sign-in status check failed', ended.error);
      toast.error(SIGN_IN_TOASTS.pollError[0], { description: SIGN_IN_TOASTS.pollError[1] });
      onClose();
      return;
    }
    if (ended.status !== 'signed') {
      toastUnsigned(ended.status);
      onClose();
      return;
    }
    setStep({ kind: 'completing' });
    completeSignIn(request.uuid, request.clientSecret)
      .then((completion) => {
        if (attempt.current === mine) onCompleted(completion);
      })
      .catch((error: unknown) => {
        if (attempt.current !== mine) return;
        console.warn('Completing the sign-in failed', error);
        toastError(SIGN_IN_TOASTS.setupFailed);
        onClose();
      });
  };

  const scanning = step.kind !== 'choose';
  return (
    <SigningDialog
      title={scanning ? 'Scan QR Code with Xaman' : 'Connect Your Wallet'}
      header={
        <DialogClose className="btn btn-ghost btn-icon" aria-label="Close">
          <CloseIcon />
        </DialogClose>
      }
      description={scanning ? undefined : 'Choose a wallet to connect to the marketplace'}
      {...(scanning && { 'aria-describedby': 'connect-wallet-description' })}
      onClose={onClose}
      request={
        request && follow ? { qrPngUrl: request.qrPngUrl, href: request.deepLink, follow, onEnd: finished } : null
      }
      texts={SIGNING_DIALOG_TEXTS.signIn}
      onQrError={() => setStep({ kind: 'failed' })}
      actions={request && <SignInCode code={request.code} />}
      boxed={scanning}
      boxId="connect-wallet-description"
      footer={
        step.kind !== 'completing' && (
          <button type="button" className="link-button" onClick={back}>
            Back to wallet selection
          </button>
        )
      }
    >
      {step.kind === 'choose' && (
        <>
          <button type="button" className="wallet-option" onClick={start}>
            <span className="wallet-option-icon">
              <WalletIcon />
            </span>
            <span>
              <span className="wallet-option-name">Xaman Wallet</span>
              <span className="wallet-option-text">Connect with Xaman mobile app</span>
            </span>
          </button>
          <p className="dialog-note">By connecting a wallet, you agree to the marketplace&apos;s Terms of Service.</p>
        </>
      )}
      {(step.kind === 'generating' || step.kind === 'completing') && (
        <div className="status" role="status">
          <div className="spinner" aria-hidden />
          <p>{step.kind === 'generating' ? 'Generating QR code...' : 'Connecting your wallet...'}</p>
        </div>
      )}
      {step.kind === 'failed' && (
        <div className="status status-error" role="alert">
          <p>{QR_FAILED_TEXT}</p>
          <button type="button" className="btn btn-primary" onClick={start}>
            Try Again
          </button>
        </div>
      )}
    </SigningDialog>
  );
}
