import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, messageContentProblem } from '../../../../../shared/domain/messages';

/** The counter shows from here on, so a long message doesn't end at the limit by surprise. */
const COUNT_FROM = MESSAGE_MAX_LENGTH - 200;

/**
 * The message box (spec part 2): Enter sends, Shift+Enter makes a new line, empty messages are not sent; at most 2,000
 * characters. The text is kept when sending fails, and cleared once it is sent.
 */
export function Composer({ onSend, autoFocus }: { onSend(content: string): Promise<boolean>; autoFocus?: boolean }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const sendable = messageContentProblem(text) === null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!sendable || sending) return;
    setSending(true);
    const sent = await onSend(text);
    setSending(false);
    if (sent) setText('');
    box.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (an input method's candidate) picks the candidate, not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form className="composer" onSubmit={(e) => void submit(e)}>
      <label htmlFor="message-text" className="sr-only">
        Message
      </label>
      <textarea
        id="message-text"
        ref={box}
        className="input composer-input"
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Type a message..."
        value={text}
        readOnly={sending}
        aria-describedby={text.length >= COUNT_FROM ? 'message-hint message-count' : 'message-hint'}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {text.length >= COUNT_FROM && (
        <span id="message-count" className="composer-count">
          {text.length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
        </span>
      )}
      <button type="submit" className="btn btn-primary" disabled={!sendable || sending}>
        {sending ? 'Sending...' : 'Send'}
      </button>
      <p id="message-hint" className="composer-hint">
        Enter to send, Shift+Enter for a new line
      </p>
    </form>
  );
}
