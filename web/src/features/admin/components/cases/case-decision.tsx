import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CaseOutcome, CaseView } from '../../../../../../shared/api/admin-cases';
import { DISPUTE_RESOLUTION_NOTE_MAX } from '../../../../../../shared/domain/disputes';
import { Dialog } from '../../../../components/ui/dialog';
import { DialogActions } from '../../../../components/ui/dialog-actions';
import { FormField, errorProps } from '../../../../components/ui/form-field';
import { resolveCase } from '../../../../domains/admin-cases/api';
import { ApiError } from '../../../../lib/api';
import { outcomeTexts } from './case-texts';

const REASON_REQUIRED = 'Please write the reason.';

/**
 * The decision on an open case (decision 068): a written reason both parties see, then Release or Refund (a return:
 * Refund or Close) with a confirmation. The server's refusal of the reason shows at the field.
 */
export function CaseDecision({ c, token, onDecided }: { c: CaseView; token: string; onDecided(): void }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<CaseOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = (outcome: CaseOutcome) => {
    if (!note.trim()) {
      setError(REASON_REQUIRED);
      field.current?.focus();
      return;
    }
    setError(undefined);
    setConfirming(outcome);
  };

  const decide = async (outcome: CaseOutcome) => {
    setBusy(true);
    try {
      await resolveCase(token, c.kind, c.orderId, outcome, note.trim());
      toast.success('Case Resolved', { description: outcomeTexts(c, outcome).done });
      setConfirming(null);
      onDecided();
    } catch (e) {
      setConfirming(null);
      const atField = e instanceof ApiError ? e.fields?.note : undefined;
      if (atField) {
        setError(atField);
        field.current?.focus();
      } else {
        toast.error('Failed to resolve case', {
          description: e instanceof ApiError ? e.message : 'Please try again.',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="case-decision" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className="case-subheading">
        Decision
      </h4>
      <FormField id={`${id}-note`} label="Reason (both parties see it)" required error={error}>
        <textarea
          ref={field}
          {...errorProps(`${id}-note`, error, true)}
          value={note}
          maxLength={DISPUTE_RESOLUTION_NOTE_MAX}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <div className="case-decision-actions">
        {c.outcomes.map((outcome, i) => (
          <button
            key={outcome}
            type="button"
            className={`btn ${i === 0 ? 'btn-primary' : 'btn-outline'}`}
            disabled={busy}
            onClick={() => ask(outcome)}
          >
            {outcomeTexts(c, outcome).button}
          </button>
        ))}
      </div>
      {confirming && (
        <Dialog
          open
          onOpenChange={(open) => !open && !busy && setConfirming(null)}
          title={outcomeTexts(c, confirming).title}
          description={outcomeTexts(c, confirming).description}
          returnFocus={() => field.current}
        >
          <p className="case-decision-reason">Reason: {note.trim()}</p>
          <DialogActions busy={busy}>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void decide(confirming)}>
              {busy ? 'Saving...' : outcomeTexts(c, confirming).button}
            </button>
          </DialogActions>
        </Dialog>
      )}
    </section>
  );
}
