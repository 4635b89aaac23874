import type { ParcelRecord } from './parcel-store';

/** PDF string literals: only printable ASCII, with ( ) and \ escaped. */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, (c) => `\\${c}`);

/**
 * A one-page 4x6 inch PDF label (Helvetica text, no barcode), so the label path of the Ship API is real end to end:
 * the bytes are a valid PDF a browser opens and prints.
 */
export function labelPdf(p: ParcelRecord): Buffer {
  const lines = [
    'LOCAL CARRIER - NOT A REAL FEDEX LABEL',
    `${p.serviceName} (${p.serviceType})`,
    '',
    'FROM:',
    p.shipper.name,
    ...p.shipper.streetLines,
    `${p.shipper.place.city} ${p.shipper.place.state} ${p.shipper.place.zip}`,
    '',
    'TO:',
    p.recipient.name,
    ...p.recipient.streetLines,
    `${p.recipient.place.city} ${p.recipient.place.state} ${p.recipient.place.zip}`,
    '',
    `TRK# ${p.trackingNumber}`,
    `Ship date ${p.shipDate}   ${p.weightLb} LB`,
    ...(p.reference ? [`Ref ${p.reference}`] : []),
  ];
  const content = ['BT', '/F1 11 Tf', '14 TL', '20 400 Td', ...lines.map((l) => `(${pdfText(l)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
