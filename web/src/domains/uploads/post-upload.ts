/** A presigned POST the server gave for one upload: the form fields to send with the file, and its key. */
export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
  key: string;
}

export class UploadError extends Error {}

/** Sends the file straight to the media bucket with the ticket's fields; resolves once the bucket has it. */
export async function postUpload(ticket: UploadTicket, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  // S3 requires the file to be the last field.
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(ticket.url, { method: 'POST', body: form });
  } catch (cause) {
    throw new UploadError('Could not reach the file storage', { cause });
  }
  if (!res.ok) throw new UploadError(`The file storage refused the upload (${res.status})`);
}
