import '../../../components/ui/dialog.css';
import '../../../styles/signing.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { completeSignIn, startSignIn, type SignInCompletion, type SignInRequest } from '../../../../../shared/api/auth';
import { CloseIcon, WalletIcon } from '../../../components/ui/icons';
import { apiSend } from '../../../lib/api';
import { SIGN_IN_TOASTS, toastError, toastUnsigned } from '../lib/sign-in-toasts';
import { watchSignIn, type FinalSignInStatus } from '../lib/watch-sign-in';

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
 * Spec part 1 "Connect Wallet dialog": choose Xaman, then scan the QR code (or open the deep link) and wait for the
 * signature.
 */
export function ConnectWalletDialog({ onClose, onCompleted }: ConnectWalletDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  // Each start gets a number; answers for an abandoned start (Back, Try Again, close) are dropped.
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  const start = () => {
    const mine = ++attempt.current;
    setStep({ kind: 'generating' });
    apiSend(startSignIn, { body: {} })
      .then((request) => {
        if (attempt.current === mine) setStep({ kind: 'qr', request });
      })
      .catch((error: unknown) => {
        if (attempt.current !== mine) return;
        setStep({ kind: 'failed' });
        toastError(SIGN_IN_TOASTS.startFailed, error);
      });
  };

  const back = () => {
    attempt.current += 1;
    setStep({ kind: 'choose' });
  };

  const request = step.kind === 'qr' ? step.request : null;
  useEffect(() => {
    if (!request) return;
    const mine = attempt.current;
    const finished = (status: FinalSignInStatus) => {
      if (attempt.current !== mine) return;
      if (status !== 'signed') {
        toastUnsigned(status);
        onClose();
        return;
      }
      setStep({ kind: 'completing' });
      apiSend(completeSignIn, { params: { uuid: request.uuid }, body: { clientSecret: request.clientSecret } })
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
    return watchSignIn({
      uuid: request.uuid,
      topic: request.topic,
      onFinal: finished,
      onError: (error) => {
        if (attempt.current !== mine) return;
        console.warn('Sign-in status check failed', error);
        toast.error(SIGN_IN_TOASTS.pollError[0], { description: SIGN_IN_TOASTS.pollError[1] });
        onClose();
      },
    });
  }, [request, onClose, onCompleted]);

  const scanning = step.kind !== 'choose';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="connect-wallet-description">
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">
              {scanning ? 'Scan QR Code with Xaman' : 'Connect Your Wallet'}
            </Dialog.Title>
            <Dialog.Close className="btn btn-ghost btn-icon" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {step.kind === 'choose' ? (
            <>
              <Dialog.Description id="connect-wallet-description" className="dialog-text">
                Choose a wallet to connect to the marketplace
              </Dialog.Description>
              <button type="button" className="wallet-option" onClick={start}>
                <span className="wallet-option-icon">
                  <WalletIcon />
                </span>
                <span>
                  <span className="wallet-option-name">Xaman Wallet</span>
                  <span className="wallet-option-text">Connect with Xaman mobile app</span>
                </span>
              </button>
              <p className="dialog-note">
                By connecting a wallet, you agree to the marketplace&apos;s Terms of Service.
              </p>
            </>
          ) : (
            <div className="qr-step" id="connect-wallet-description">
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
              {step.kind === 'qr' && (
                <>
                  <img
                    className="qr-image"
                    src={step.request.qrPngUrl}
                    alt="QR code to connect your wallet with Xaman"
                    width={240}
                    height={240}
                    onError={() => setStep({ kind: 'failed' })}
                  />
                  <p className="dialog-text">Open Xaman app and scan this QR code to connect your wallet</p>
                  <a className="btn btn-primary" href={step.request.deepLink} target="_blank" rel="noopener noreferrer">
                    Open in Xaman Wallet
                  </a>
                </>
              )}
              {step.kind !== 'completing' && (
                <button type="button" className="link-button" onClick={back}>
                  Back to wallet selection
                </button>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
