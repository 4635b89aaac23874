import { config } from '../lib/config';

/** Public URL of a media-bucket object (served by CloudFront /media, or the local gateway). */
export function mediaUrl(key: string): string {
  return `${config().MEDIA_BASE_URL.replace(/\/$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
