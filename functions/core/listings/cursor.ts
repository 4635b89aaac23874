import { BadRequestError } from '../../lib/errors';

/** Opaque page cursors: an index cursor from storage, or an offset into a search result. */
export type PageCursor = { kind: 'index'; value: string } | { kind: 'offset'; value: number };

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(text: string | undefined): PageCursor | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<PageCursor>;
    if (parsed.kind === 'index' && typeof parsed.value === 'string') return { kind: 'index', value: parsed.value };
    if (parsed.kind === 'offset' && Number.isSafeInteger(parsed.value) && (parsed.value as number) >= 0) {
      return { kind: 'offset', value: parsed.value as number };
    }
  } catch {
    // fall through to the error below
  }
  throw new BadRequestError('Invalid query: cursor is not a cursor this API gave out', { cursor: 'Invalid cursor' });
}
