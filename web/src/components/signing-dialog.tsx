import '../styles/signing-dialog.css';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import type { SigningTexts } from '../lib/signing-texts';
import type { SigningEnd, SigningFollow } from '../lib/signing/follow-signing';
import { useSigningRequest } from '../lib/signing/use-signing-request';
import { Dialog } from './ui/dialog';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A wallet request the dialog shows and follows to its end. */
export interface ShownRequest<T> {
  qrPngUrl: string;
  /** Opens the request in Xaman Wallet (a new tab). */
  href: string;
  expiresAt?: string;
  follow: SigningFollow<T>;
  onEnd(end: SigningEnd<T>): void;
}

type DialogProps = ComponentProps<typeof Dialog>;

export type SigningDialogProps<T> = Omit<DialogProps, 'children' | 'open' | 'onOpenChange' | 'trigger'> & {
  request: ShownRequest<T> | null;
  texts: SigningTexts;
  /** Closing asked for (Escape, outside, a close button), unless `locked`. */
  onClose?(): void;
  /** Known to be signed otherwise than by following (an answer of the flow's own). */
  signed?: boolean;
  /** The flow's facts, above the request (what is paid, to whom). */
  facts?: ReactNode;
  /** Under the expiry while the signature is awaited (a Cancel control). */
  actions?: ReactNode;
  /** In the request's place while there is none (being asked for, failed). */
  children?: ReactNode;
  /** Last in the request's box, whatever the step. */
  footer?: ReactNode;
  /** false: `children` alone, without the request's box (a step before any request). */
  boxed?: boolean;
  boxId?: string;
  onQrError?(): void;
};

/**
 * The one signing dialog (decision 046): the wallet request's QR code, Open in Xaman Wallet, the waiting status and
 * the expiry, with each flow's own title, facts, texts and controls; it follows the request while it shows it
 * (useSigningRequest). Focus goes to Open in Xaman Wallet when a request shows (unless a control of the dialog has
 * it), and to the dialog once signed, as the link goes away then.
 */
export function SigningDialog<T>({
  request,
  texts,
  onClose,
  signed: signedElsewhere = false,
  facts,
  actions,
  children,
  footer,
  boxed = true,
  boxId,
  onQrError,
  className,
  onOpenAutoFocus,
  ...dialog
}: SigningDialogProps<T>) {
  const followed = useSigningRequest(request?.follow ?? null, (end) => request?.onEnd(end));
  const signed = request !== null && (signedElsewhere || followed.signed);
  const content = useRef<HTMLDivElement>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const focusTarget = () => (signed ? content.current : request ? link.current : null);

  const shownKey = request && !signed ? request.follow.key : null;
  useEffect(() => {
    if (!shownKey) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== content.current && content.current?.contains(active)) return;
    link.current?.focus();
  }, [shownKey]);
  useEffect(() => {
    if (signed) content.current?.focus();
  }, [signed]);

  const requestView = request && (
    <>
      {signed ? (
        <p className="signing-request-status" role="status">
          <span className="spinner" aria-hidden />
          {texts.signed}
        </p>
      ) : (
        <>
          <img
            className="qr-image"
            src={request.qrPngUrl}
            alt={texts.qrAlt}
            width={240}
            height={240}
            onError={onQrError}
          />
          {texts.scan && <p className="dialog-text">{texts.scan}</p>}
          <a ref={link} className="btn btn-primary" href={request.href} target="_blank" rel="noopener noreferrer">
            Open in Xaman Wallet
          </a>
          {texts.waiting && (
            <p className="signing-request-status" role="status">
              <span className="spinner" aria-hidden />
              {texts.waiting}
            </p>
          )}
          {texts.expiry && request.expiresAt && (
            <p className="dialog-note">{texts.expiry(timeFormat.format(new Date(request.expiresAt)))}</p>
          )}
          {actions}
        </>
      )}
    </>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose?.()}
      ref={content}
      className={className ? `signing-dialog ${className}` : 'signing-dialog'}
      onOpenAutoFocus={(event) => {
        onOpenAutoFocus?.(event);
        const target = focusTarget();
        if (event.defaultPrevented || !target) return;
        event.preventDefault();
        target.focus();
      }}
      {...dialog}
    >
      {facts}
      {boxed ? (
        <div className="qr-step" id={boxId}>
          {requestView ?? children}
          {footer}
        </div>
      ) : (
        children
      )}
    </Dialog>
  );
}
