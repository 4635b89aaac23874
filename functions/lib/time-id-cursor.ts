import { BadRequestError } from './errors';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Our own page cursor of a newest-first list: the time and ULID of the last item shown. */
export const encodeTimeIdCursor = (time: string, id: string) =>
  Buffer.from(`${time}|${id}`, 'utf8').toString('base64url');

/** The position a cursor of encodeTimeIdCursor names, checked before it reaches the table (else 400). */
export function decodeTimeIdCursor(cursor: string | undefined): { time: string; id: string } | null {
  if (cursor === undefined) return null;
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !id || !ULID.test(id) || !time || Number.isNaN(Date.parse(time))) {
    throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', { cursor: 'Invalid cursor' });
  }
  return { time, id };
}
