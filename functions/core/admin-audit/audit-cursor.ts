import { decodeTime, encodeTime } from 'ulid';
import { BadRequestError } from '../../lib/errors';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * A page cursor of the audit log (decision 062): the entry id every entry of the next page is older than. Entry ids
 * are ULIDs of their time, so the cursor also names the month partition to go on in.
 */
export function decodeAuditCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  if (!ULID.test(cursor)) throw invalid();
  try {
    decodeTime(cursor);
  } catch {
    throw invalid();
  }
  return cursor;
}

const invalid = () =>
  new BadRequestError('Invalid query: cursor is not a cursor this API gave out', { cursor: 'Invalid cursor' });

/** 'YYYY-MM' of an entry id's time (the month partition it is in). */
export const monthOfId = (entryId: string) => new Date(decodeTime(entryId)).toISOString().slice(0, 7);

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/** A cursor above every id of `month` and below every later one: the next page starts with that whole month. */
export function cursorAboveMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return encodeTime(Date.UTC(y, m, 1) - 1, 10) + 'Z'.repeat(16);
}
