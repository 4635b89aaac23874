import '../../../../styles/admin-roles.css';
import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTION_PREFIX } from '../../../../../../shared/api/admin-audit';
import { errorProps, FormField } from '../../../../components/ui/form-field';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { MorePages } from '../../../../components/ui/more-pages';
import { PageLoading } from '../../../../components/ui/page-loading';
import { useAuditEntries, type AuditFilter } from '../../../../domains/admin-roles/api';

const ACTOR = /^[A-Za-z0-9_]{1,29}$/;

/** A before or after value as text: strings as they are (a secret's is 'changed'), none as '-', the rest as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The admin portal's Audit tab (decisions 061 and 062): every administrator action, newest first, a page at a time,
 * filtered by the start of its action and by who did it. A secret's value never reached the log: it shows 'changed'.
 */
export function AuditLog({ token, userId }: { token: string; userId: string }) {
  const ids = useId();
  const [draft, setDraft] = useState<AuditFilter>({ action: '', actor: '' });
  const [filter, setFilter] = useState<AuditFilter>({ action: '', actor: '' });
  const [errors, setErrors] = useState<Partial<AuditFilter>>({});
  const pages = useAuditEntries(userId, token, filter);
  const { data, error, mutate } = pages;
  const items = data?.flatMap((p) => p.items) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = { action: draft.action.trim(), actor: draft.actor.trim() };
    const wrong: Partial<AuditFilter> = {
      ...(next.action && !AUDIT_ACTION_PREFIX.test(next.action) && { action: 'Use a dotted action, e.g. role.' }),
      ...(next.actor && !ACTOR.test(next.actor) && { actor: 'Use a username: letters, numbers and underscores' }),
    };
    setErrors(wrong);
    if (!wrong.action && !wrong.actor) setFilter(next);
  };

  return (
    <section className="audit-log" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="section-heading">
        Audit Log
      </h2>
      <form className="audit-log-filter" onSubmit={apply} noValidate aria-label="Filter the audit log">
        <FormField id={`${ids}-action`} label="Action" error={errors.action}>
          <input
            {...errorProps(`${ids}-action`, errors.action)}
            className="input"
            placeholder="e.g. role."
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          />
        </FormField>
        <FormField id={`${ids}-actor`} label="Actor" error={errors.actor}>
          <input
            {...errorProps(`${ids}-actor`, errors.actor)}
            className="input"
            placeholder="Username"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
        </FormField>
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </form>
      {!data && !error ? (
        <PageLoading text="Loading audit log..." />
      ) : error && !data ? (
        <LoadFailed title="Failed to load audit log" outline onRetry={() => void mutate()} />
      ) : items.length === 0 ? (
        <p className="audit-log-empty">No audit entries found.</p>
      ) : (
        <ol className="audit-log-list" aria-label="Audit entries">
          {items.map((e) => (
            <li key={e.id} className="audit-log-row">
              <p className="audit-log-head">
                <code className="audit-log-action">{e.action}</code>{' '}
                <span className="audit-log-actor">by {e.actorUsername ?? 'a deleted user'}</span>
              </p>
              <p className="audit-log-when">
                <time dateTime={e.at}>{new Date(e.at).toLocaleString()}</time>
              </p>
              {e.subject && <p className="audit-log-subject">On {e.subject}</p>}
              <p className="audit-log-change">
                {auditValue(e.before)} <span aria-label="changed to">→</span> {auditValue(e.after)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {data && <MorePages pages={pages} failedTitle="Failed to load more audit entries" />}
    </section>
  );
}
