import { useState } from 'react';
import { getLabelPdf, type Order } from '../../../../shared/api/orders';
import { ApiError } from '../../lib/api-error';
import { apiGet } from '../../lib/api';

/** The PDF's bytes as the browser's own file, handed over as a download to open and print. */
function saveBlob(fileName: string, pdfBase64: string) {
  const bytes = Uint8Array.from(atob(pdfBase64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 'Print Label': the label bought here, read from the seller-only route (decision 039) and saved as a PDF. */
export function PrintLabelButton({ order: o, token }: { order: Order; token: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const print = async () => {
    if (state === 'loading') return;
    setState('loading');
    try {
      const label = await apiGet(getLabelPdf, { token, params: { orderId: o.id } });
      saveBlob(label.fileName, label.pdfBase64);
      setState('idle');
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn('Reading the label failed', error);
      setState('failed');
    }
  };
  return (
    <div className="print-label">
      <button
        type="button"
        className="btn btn-sm btn-outline"
        aria-disabled={state === 'loading' || undefined}
        onClick={() => void print()}
      >
        {state === 'loading' ? 'Preparing Label...' : 'Print Label'}
      </button>
      {state === 'failed' && (
        <p className="field-error" role="alert">
          The label could not be loaded. Please try again.
        </p>
      )}
    </div>
  );
}
