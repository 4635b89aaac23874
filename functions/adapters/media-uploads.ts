import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { s3Client } from '../lib/aws-clients';
import { config } from '../lib/config';

/** Presigned POSTs stay valid this long: enough to pick up a slow upload, short enough not to linger. */
const UPLOAD_EXPIRES_SECONDS = 5 * 60;

export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
  key: string;
}

/**
 * A browser upload straight to the media bucket. S3 itself enforces the key, the exact content type and the size
 * range in the POST policy, so a browser cannot put anything else there with this ticket.
 */
export async function presignUpload(key: string, contentType: string, maxBytes: number): Promise<UploadTicket> {
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: config().MEDIA_BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
  return { url, fields, key };
}
