import './dialog.css';
import * as Radix from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';

type ContentProps = Omit<ComponentProps<typeof Radix.Content>, 'title' | 'children'>;

/** How a dialog looks: a centred card, a side sheet (the mobile menu), or a full-screen lightbox (a photo). */
export type DialogVariant = 'dialog' | 'sheet' | 'lightbox';

const LOOKS: Record<DialogVariant, { overlay: string; content: string; header: string; title: string }> = {
  dialog: { overlay: 'dialog-overlay', content: 'dialog', header: 'dialog-header', title: 'dialog-title' },
  sheet: { overlay: 'sheet-overlay', content: 'sheet', header: 'sheet-header', title: 'sheet-title' },
  // A photo needs no visible heading; the title still names the dialog for screen readers.
  lightbox: {
    overlay: 'dialog-overlay lightbox-overlay',
    content: 'lightbox',
    header: 'dialog-header',
    title: 'sr-only',
  },
};

/**
 * The one way a dialog is drawn: Radix's focus trap, Escape and outside click, our overlay, title and description.
 * `trigger` (a button) opens it when the dialog keeps its own open state; `header` sits beside the title (a badge, a
 * close button); `locked` keeps it open against Escape and outside clicks (a signing request the wallet still holds);
 * `returnFocus` names the control focus goes back to on closing when it is not the trigger (a dialog opened from code).
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  header,
  locked = false,
  variant = 'dialog',
  returnFocus,
  className,
  children,
  ...content
}: {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  header?: ReactNode;
  locked?: boolean;
  variant?: DialogVariant;
  returnFocus?(): HTMLElement | null;
  className?: string;
  children?: ReactNode;
} & ContentProps) {
  const keep = (event: Event) => event.preventDefault();
  const look = LOOKS[variant];
  const heading = <Radix.Title className={look.title}>{title}</Radix.Title>;
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Radix.Trigger asChild>{trigger}</Radix.Trigger>}
      <Radix.Portal>
        <Radix.Overlay className={look.overlay} />
        <Radix.Content
          className={className ? `${look.content} ${className}` : look.content}
          {...(description === undefined && { 'aria-describedby': undefined })}
          {...(locked && { onPointerDownOutside: keep, onInteractOutside: keep })}
          {...content}
          onEscapeKeyDown={(event) => {
            if (locked) event.preventDefault();
            content.onEscapeKeyDown?.(event);
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.();
            if (target) {
              event.preventDefault();
              target.focus();
            }
            content.onCloseAutoFocus?.(event);
          }}
        >
          {header ? (
            <div className={look.header}>
              {heading}
              {header}
            </div>
          ) : (
            heading
          )}
          {description !== undefined && <Radix.Description className="dialog-text">{description}</Radix.Description>}
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** Closes the dialog it is inside (as its child, e.g. a close icon button). */
export const DialogClose = Radix.Close;
