import * as Radix from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';

type ContentProps = Omit<ComponentProps<typeof Radix.Content>, 'title' | 'children'>;

/**
 * The one way a dialog is drawn: Radix's focus trap, Escape and outside click, our overlay, title and description.
 * `trigger` (a button) opens it when the dialog keeps its own open state; `header` sits beside the title (a badge, a
 * close button); `locked` keeps it open against Escape and outside clicks (a signing request the wallet still holds).
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  header,
  locked = false,
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
  className?: string;
  children?: ReactNode;
} & ContentProps) {
  const keep = (event: Event) => event.preventDefault();
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Radix.Trigger asChild>{trigger}</Radix.Trigger>}
      <Radix.Portal>
        <Radix.Overlay className="dialog-overlay" />
        <Radix.Content
          className={className ? `dialog ${className}` : 'dialog'}
          {...(description === undefined && { 'aria-describedby': undefined })}
          {...(locked && { onPointerDownOutside: keep, onInteractOutside: keep })}
          {...content}
          onEscapeKeyDown={(event) => {
            if (locked) event.preventDefault();
            content.onEscapeKeyDown?.(event);
          }}
        >
          {header ? (
            <div className="dialog-header">
              <Radix.Title className="dialog-title">{title}</Radix.Title>
              {header}
            </div>
          ) : (
            <Radix.Title className="dialog-title">{title}</Radix.Title>
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
