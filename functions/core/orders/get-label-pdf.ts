import { NotFoundError } from '../../lib/errors';
import type { LabelDeps } from './platform-label';

/** The bought label's PDF, to the order's seller alone: to anyone else, the order has no label (404). */
export async function getLabelPdf(
  sellerId: string,
  orderId: string,
  deps: Pick<LabelDeps, 'orders' | 'files'>,
): Promise<{ fileName: string; pdfBase64: string }> {
  const order = await deps.orders.get(orderId);
  const key = order?.sellerId === sellerId && order.label?.status === 'bought' ? order.label.pdfKey : null;
  const pdf = key ? await deps.files.get(key) : null;
  if (!pdf) throw new NotFoundError('Label not found');
  return { fileName: `label-${orderId}.pdf`, pdfBase64: Buffer.from(pdf).toString('base64') };
}
