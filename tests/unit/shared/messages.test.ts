import { describe, expect, it } from 'vitest';
import {
  EMPTY_MESSAGE,
  MESSAGE_MAX_LENGTH,
  MESSAGE_TOO_LONG,
  messageAge,
  messageContentProblem,
  messageText,
} from '../../../shared/domain/messages';

describe('the messaging rule', () => {
  it('refuses empty (or only white space) and over 2,000 characters after trimming the ends', () => {
    expect(messageContentProblem('')).toBe(EMPTY_MESSAGE);
    expect(messageContentProblem(' \n \t')).toBe(EMPTY_MESSAGE);
    expect(messageContentProblem('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(MESSAGE_TOO_LONG);
    expect(messageContentProblem(`  ${'x'.repeat(MESSAGE_MAX_LENGTH)}\n`)).toBeNull();
    expect(messageContentProblem('hi')).toBeNull();
    expect(MESSAGE_MAX_LENGTH).toBe(2_000);
  });
});

describe('what is stored of a message', () => {
  it('drops control characters and noncharacters, mends lone surrogate halves, keeps tabs, line breaks and emoji', () => {
    expect(messageText(' a\u0000b\u0007c\u001Fd\uFFFEe\uFFFF ')).toBe('abcde');
    expect(messageText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
    expect(messageText('tab\there\r\nline 😀 \u007F')).toBe('tab\there\r\nline 😀 \u007F');
    // Only control characters is nothing to send.
    expect(messageContentProblem('\u0001\u0002')).toBe(EMPTY_MESSAGE);
  });
});

describe('message ages (spec part 2)', () => {
  const now = Date.parse('2026-06-10T12:00:00.000Z');
  const ago = (ms: number) => messageAge(new Date(now - ms).toISOString(), now);
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000 + 59_999, '59m ago'],
    [3_600_000, '1h ago'],
    [23 * 3_600_000 + 3_599_999, '23h ago'],
    [86_400_000, '1d ago'],
    [45 * 86_400_000, '45d ago'],
  ])('%i ms ago reads %s', (ms, text) => expect(ago(ms)).toBe(text));

  it('a time slightly ahead of the clock (clock skew) or unreadable reads Just now', () => {
    expect(ago(-30_000)).toBe('Just now');
    expect(messageAge('not a date', now)).toBe('Just now');
  });
});
