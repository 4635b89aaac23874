import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { IMAGE_SIGNATURE_BYTES, type UploadedObject } from '../core/listings/photos';
import { s3Client } from '../lib/aws-clients';
import { config } from '../lib/config';

const bucket = () => config().MEDIA_BUCKET;

function missing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return error instanceof NoSuchKey || name === 'NoSuchKey' || name === 'NotFound';
}

/** The object's total size and its first bytes, from one ranged GET (never the whole file). */
export async function readObjectStart(key: string, bytes = IMAGE_SIGNATURE_BYTES): Promise<UploadedObject | null> {
  try {
    const res = await s3Client().send(
      new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }),
    );
    const head = res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
    // "bytes 0-11/12345": the total is after the slash; a server that ignores Range sends the whole object.
    const total = Number(res.ContentRange?.split('/')[1] ?? res.ContentLength ?? head.length);
    return { size: Number.isFinite(total) ? total : head.length, head: head.subarray(0, bytes) };
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

export async function readObject(key: string): Promise<Uint8Array | null> {
  try {
    const res = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

export async function writeObject(
  key: string,
  body: Uint8Array,
  contentType: string,
  // Keys are never reused (a ULID per upload), so browsers and CloudFront may keep them.
  cacheControl = 'public, max-age=31536000, immutable',
): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: cacheControl,
    }),
  );
}

export async function removeObjects(keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000);
    await s3Client().send(
      new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
    );
  }
}

/** Copies an object within the media bucket, its content type and immutable caching with it (MetadataDirective COPY). */
export async function copyObject(from: string, to: string): Promise<void> {
  await s3Client().send(
    new CopyObjectCommand({
      Bucket: bucket(),
      CopySource: `${bucket()}/${from.split('/').map(encodeURIComponent).join('/')}`,
      Key: to,
      MetadataDirective: 'COPY',
    }),
  );
}

/** Copies an object within the media bucket, then deletes the original. */
export async function moveObject(from: string, to: string): Promise<void> {
  await copyObject(from, to);
  await removeObjects([from]);
}
