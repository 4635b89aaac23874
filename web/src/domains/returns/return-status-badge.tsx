import { RETURN_STATUS_LABELS, type ReturnStatus } from '../../../../shared/domain/returns';

const TONES: Record<ReturnStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-primary',
  rejected: 'badge-danger',
  completed: 'badge-accent',
};

/** A return's status (spec part 3: pending, approved, rejected, completed), to the buyer and to the seller. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`badge ${TONES[status]}`}>
      <span className="sr-only">Return status: </span>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}
