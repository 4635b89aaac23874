import type { DescribedRequest } from './describe-transaction';

export interface WalletChoice {
  address: string;
  label: string;
  balances: string | null;
  selectable: boolean;
  note: string | null;
}

export type PageState =
  | { kind: 'open'; wallets: WalletChoice[]; selected: string | null; preparing: boolean }
  | { kind: 'signed'; account: string; label: string | null; txid: string }
  | { kind: 'rejected' }
  | { kind: 'cancelled' }
  | { kind: 'expired' }
  | { kind: 'blocked'; reason: string };

export interface PageModel {
  uuid: string;
  appName: string;
  request: DescribedRequest;
  requestJson: Record<string, unknown>;
  state: PageState;
  /** A problem with the last action, announced to screen readers. */
  error: string | null;
  /** What the last action achieved (e.g. a new wallet), announced politely. */
  notice: string | null;
  nonce: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a1f24}
main{max-width:36rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem 1.75rem;box-shadow:0 1px 4px #0002}
.badge{display:inline-block;background:#fff3cd;color:#5c4400;border-radius:4px;padding:.1rem .5rem;font-size:.85rem}
h1{margin:.5rem 0 1rem;font-size:1.5rem}
h1:focus,[data-focus]:focus{outline:3px solid #1560bd;outline-offset:3px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0 0 1.25rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
fieldset{border:1px solid #c8d0d8;border-radius:8px;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
.wallet{display:flex;gap:.6rem;align-items:flex-start;padding:.35rem 0}
.wallet input{margin-top:.35rem;width:1.1rem;height:1.1rem}
.wallet small{display:block;color:#4a5560;overflow-wrap:anywhere}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin:.5rem 0 1rem}
button{font:inherit;padding:.6rem 1.25rem;border-radius:8px;border:2px solid #1560bd;cursor:pointer}
button:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
button:disabled{opacity:.6;cursor:progress}
.approve{background:#1560bd;color:#fff}.reject{background:#fff;color:#a1141c;border-color:#a1141c}
.secondary{background:#fff;color:#1560bd}
.error{background:#fde8e8;color:#7a0d12;border-radius:6px;padding:.5rem .75rem}
.notice,.result{background:#e7f4ea;color:#14532d;border-radius:6px;padding:.5rem .75rem}
.final{background:#eef1f4;border-radius:6px;padding:.5rem .75rem}
details{margin-top:1rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85rem;background:#f4f6f8;padding:.75rem;border-radius:6px}
`;

/** Disables the buttons while a slow action (funding, signing) runs and says what is happening. */
const SCRIPT = `
for (const form of document.querySelectorAll('form')) {
  form.addEventListener('submit', (event) => {
    const busy = document.getElementById('busy');
    if (busy) busy.textContent = (event.submitter && event.submitter.dataset.busy) || 'Working…';
    document.querySelector('main').setAttribute('aria-busy', 'true');
    setTimeout(() => { for (const b of document.querySelectorAll('button')) b.disabled = true; }, 0);
  });
}
const focus = document.querySelector('[data-focus]');
if (focus) focus.focus();
`;

function walletList(state: Extract<PageState, { kind: 'open' }>): string {
  if (state.wallets.length === 0) {
    return `<p>${state.preparing ? 'The dev wallets are being created and funded. Reload in a moment, or press New funded wallet.' : 'There are no dev wallets yet. Press New funded wallet.'}</p>`;
  }
  const items = state.wallets
    .map((w, i) => {
      const id = `wallet-${i}`;
      const checked = w.address === state.selected ? ' checked' : '';
      const disabled = w.selectable ? '' : ' disabled';
      const details = [w.address, w.balances, w.note].filter(Boolean).map((t) => escapeHtml(t!));
      return `<div class="wallet"><input type="radio" name="wallet" id="${id}" value="${escapeHtml(w.address)}" required${checked}${disabled} aria-describedby="${id}-d"><label for="${id}">${escapeHtml(w.label)}<small id="${id}-d">${details.join(' · ')}</small></label></div>`;
    })
    .join('');
  return `<fieldset><legend>Sign with</legend>${items}</fieldset>`;
}

function stateSection(m: PageModel): string {
  const s = m.state;
  const base = `/sign/${m.uuid}`;
  switch (s.kind) {
    case 'open':
      return `<form method="post" action="${base}/approve">
${walletList(s)}
<div class="actions">
<button type="submit" class="approve" data-busy="Signing…">Approve</button>
<button type="submit" class="reject" formaction="${base}/reject" formnovalidate data-busy="Rejecting…">Reject</button>
</div>
</form>
<form method="post" action="${base}/wallets">
<button type="submit" class="secondary" data-busy="Creating and funding a new wallet. This takes a few seconds…">New funded wallet</button>
</form>`;
    case 'signed':
      return `<p class="result" role="status" data-focus tabindex="-1">Signed with ${escapeHtml(s.label ? `${s.label} (${s.account})` : s.account)}. The app submits it to the ledger; you can close this page.</p>
<dl><dt>Transaction id</dt><dd>${escapeHtml(s.txid)}</dd></dl>`;
    case 'rejected':
      return `<p class="final" role="status" data-focus tabindex="-1">Rejected. Nothing was signed; you can close this page.</p>`;
    case 'cancelled':
      return `<p class="final" role="status" data-focus tabindex="-1">The app cancelled this request. Nothing can be signed.</p>`;
    case 'expired':
      return `<p class="final" role="status" data-focus tabindex="-1">This request expired before it was opened. Nothing can be signed.</p>`;
    case 'blocked':
      return `<p class="error" role="alert">${escapeHtml(s.reason)}</p>
<form method="post" action="${base}/reject"><div class="actions"><button type="submit" class="reject" data-busy="Rejecting…">Reject</button></div></form>`;
  }
}

/** The sign page: the phone app's stand-in, server-rendered, working without its small script. */
export function renderSignPage(m: PageModel): string {
  const rows = m.request.rows.map((r) => `<dt>${escapeHtml(r.label)}</dt><dd>${escapeHtml(r.value)}</dd>`).join('');
  const error = m.error ? `<p class="error" role="alert" data-focus tabindex="-1">${escapeHtml(m.error)}</p>` : '';
  const notice = m.notice ? `<p class="notice" data-focus tabindex="-1">${escapeHtml(m.notice)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.request.title)} · Local Xaman</title>
<style nonce="${m.nonce}">${STYLE}</style>
</head>
<body>
<main data-state="${m.state.kind}">
<span class="badge">Local Xaman stand-in · development wallets only</span>
<h1>${escapeHtml(m.request.title)}</h1>
<p>${escapeHtml(m.appName)} asks you to sign this request.</p>
<dl>${rows}</dl>
${error}${notice}
<p id="busy" role="status" aria-live="polite"></p>
${stateSection(m)}
<details><summary>Transaction JSON</summary><pre>${escapeHtml(JSON.stringify(m.requestJson, null, 2))}</pre></details>
</main>
<script nonce="${m.nonce}">${SCRIPT}</script>
</body>
</html>`;
}
