import { useEffect, useRef } from 'react';
import type { CaseView } from '../../../../../../shared/api/admin-cases';
import { formatUsd } from '../../../../../../shared/domain/money';
import { DetailList } from '../../../../components/ui/detail-list';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { useCase } from '../../../../domains/admin-cases/api';
import { CaseDecision } from './case-decision';
import { caseTime, deadlineText, KIND_TEXT } from './case-texts';

function Statements({ c }: { c: CaseView }) {
  return (
    <section aria-labelledby={`case-${c.orderId}-sides`}>
      <h4 id={`case-${c.orderId}-sides`} className="case-subheading">
        Both sides
      </h4>
      <ol className="case-statements">
        {c.statements.map((s, i) => {
          const who = s.by === 'buyer' ? c.buyer.username : c.seller.username;
          return (
            <li key={`${s.by}-${s.at}-${i}`} className={`case-statement case-statement-${s.by}`}>
              <p className="case-meta">
                {who} ({s.by}) · <time dateTime={s.at}>{caseTime(s.at)}</time>
              </p>
              <p className="case-text">{s.text}</p>
              {s.photoUrls.length > 0 && (
                <span className="dispute-photos">
                  {s.photoUrls.map((url, n) => (
                    <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                      <img src={url} alt={`Photo ${n + 1} from ${who}`} loading="lazy" />
                    </a>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Conversation({ c }: { c: CaseView }) {
  return (
    <section aria-labelledby={`case-${c.orderId}-messages`}>
      <h4 id={`case-${c.orderId}-messages`} className="case-subheading">
        Messages
      </h4>
      {c.moreMessages && <p className="case-meta">Only the latest {c.messages.length} messages are shown.</p>}
      {c.messages.length === 0 ? (
        <p className="case-meta">No messages between the parties about this order.</p>
      ) : (
        <ol className="case-messages">
          {c.messages.map((m) => (
            <li key={m.id} className={m.type === 'system' ? 'case-message case-message-note' : 'case-message'}>
              <p className="case-meta">
                {m.type === 'system' ? 'Order note' : m.senderUsername} ·{' '}
                <time dateTime={m.createdAt}>{caseTime(m.createdAt)}</time>
              </p>
              <p className="case-text">{m.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Timeline({ c }: { c: CaseView }) {
  return (
    <section aria-labelledby={`case-${c.orderId}-timeline`}>
      <h4 id={`case-${c.orderId}-timeline`} className="case-subheading">
        Timeline
      </h4>
      <ol className="case-timeline">
        {c.timeline.map((s) => (
          <li key={`${s.label}-${s.at}`}>
            <time dateTime={s.at}>{caseTime(s.at)}</time> {s.label}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One case: its facts, both sides with their photos, the order's messages and timeline, and the decision. */
export function CaseDetail({
  orderId,
  token,
  userId,
  onBack,
  onDecided,
}: {
  orderId: string;
  token: string;
  userId: string;
  onBack(): void;
  onDecided(): void;
}) {
  const { data: c, error, mutate } = useCase(token, userId, orderId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(c);
  // Opening a case moves focus to it, so a keyboard or screen reader user lands on what they chose.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const back = (
    <button type="button" className="btn btn-outline case-back" onClick={onBack}>
      ← Back to cases
    </button>
  );
  if (!c) {
    return (
      <div className="case-detail">
        {back}
        {error ? (
          <LoadFailed title="Failed to load the case" outline onRetry={() => void mutate()} />
        ) : (
          <PageLoading text="Loading case..." />
        )}
      </div>
    );
  }
  return (
    <article className="case-detail" aria-labelledby={`case-${c.orderId}-title`}>
      {back}
      <div className="case-head">
        <h3 id={`case-${c.orderId}-title`} ref={heading} tabIndex={-1} className="case-title">
          {KIND_TEXT[c.kind]}: {c.title}
        </h3>
        <span className={`badge ${c.open ? 'badge-warning' : ''}`}>{c.open ? 'Open' : 'Decided'}</span>
      </div>
      <DetailList
        rows={[
          ['Order', <code key="o">{c.orderId}</code>],
          ['Buyer', c.buyer.username],
          ['Seller', c.seller.username],
          ['Amount', `${formatUsd(c.amountCents)} RLUSD`],
          ['Reason', c.reason],
          ['Opened', caseTime(c.openedAt)],
          ['Deadline', c.open ? deadlineText(c) : 'None: decided'],
          ['Status', c.status.replaceAll('_', ' ')],
          ...(c.resolution
            ? [
                [
                  'Decision',
                  `${c.resolution.outcome.replaceAll('_', ' ')} on ${caseTime(c.resolution.at)}${
                    c.resolution.note ? `. Reason: ${c.resolution.note}` : ''
                  }`,
                ] as const,
              ]
            : []),
        ]}
      />
      <Statements c={c} />
      <Conversation c={c} />
      <Timeline c={c} />
      {c.open && (
        <CaseDecision
          c={c}
          token={token}
          onDecided={() => {
            // Read again, so the case opened later shows its decision.
            void mutate();
            onDecided();
          }}
        />
      )}
    </article>
  );
}
