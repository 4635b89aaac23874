import { centsToDecimalString } from '../../../shared/domain/money';
import { isFinal, type ParcelRecord } from './parcel-store';
import { MOVE_LABELS, MOVES, SCANS } from './scan-events';
import { SERVICES } from './rates';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a1f24}
main{max-width:72rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.4rem;margin:.5rem 0}
.badge{display:inline-block;background:#fff3cd;color:#5c4400;border-radius:4px;padding:.1rem .5rem;font-size:.85rem}
section{background:#fff;border-radius:10px;padding:1rem 1.25rem;box-shadow:0 1px 4px #0002;margin:1rem 0}
form.create{display:flex;gap:.75rem;flex-wrap:wrap;align-items:end}
label{display:flex;flex-direction:column;font-weight:600;font-size:.9rem}
input,select{font:inherit;padding:.35rem .5rem;border:1px solid #8a96a3;border-radius:6px}
button{font:inherit;padding:.35rem .8rem;border-radius:6px;border:2px solid #4d148c;background:#fff;color:#4d148c;cursor:pointer}
button.primary{background:#4d148c;color:#fff}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #ff6200;outline-offset:2px}
button:disabled{opacity:.45;cursor:not-allowed}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.45rem;border-bottom:1px solid #e1e6eb;vertical-align:top}
.moves{display:flex;gap:.35rem;flex-wrap:wrap}
.error{background:#fde8e8;color:#7a0d12;border-radius:6px;padding:.5rem .75rem}
small{color:#4a5560}code{font-size:.9rem}
`;

export interface PageModel {
  parcels: ParcelRecord[];
  webhookUrl: string | null;
  error: string | null;
}

function parcelRow(p: ParcelRecord): string {
  const latest = p.scans[0]!;
  const moves = isFinal(p)
    ? '<small>No more scans.</small>'
    : `<form method="post" action="/parcels/${p.trackingNumber}/events" class="moves" aria-label="Move ${p.trackingNumber} on">${MOVES.map(
        (m) => `<button name="status" value="${m}">${MOVE_LABELS[m]}</button>`,
      ).join('')}</form>`;
  const where = `${escapeHtml(latest.place.city)}, ${latest.place.state}`;
  return `<tr>
<td><code>${p.trackingNumber}</code><br><small>${escapeHtml(p.serviceName)}${p.reference ? ` &middot; ref ${escapeHtml(p.reference)}` : ''}</small></td>
<td>${escapeHtml(p.shipper.place.city)}, ${p.shipper.place.state} ${p.shipper.place.zip}<br>&rarr; ${escapeHtml(p.recipient.place.city)}, ${p.recipient.place.state} ${p.recipient.place.zip}</td>
<td><strong>${escapeHtml(SCANS[latest.kind].latestDescription)}</strong>${p.returning ? ' <span class="badge">returning</span>' : ''}<br><small>${where}, <time datetime="${latest.at}">${latest.at.replace('T', ' ').slice(0, 19)} UTC</time></small></td>
<td>$${centsToDecimalString(p.chargeCents)}<br><small>${p.weightLb} lb</small></td>
<td>${moves}</td>
</tr>`;
}

/** The stand-in's page: make a parcel, and move any parcel on (each scan sends a webhook when one is set). */
export function pageHtml(m: PageModel): string {
  const rows = m.parcels.slice(0, 200).map(parcelRow).join('\n');
  const services = SERVICES.map((s) => `<option value="${s.type}">${escapeHtml(s.name)}</option>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local carrier</title><style>${STYLE}</style></head>
<body><main>
<span class="badge">Local stand-in, not FedEx</span>
<h1>Local carrier</h1>
<p>FedEx's OAuth, Rate, Ship and Track APIs for the local marketplace. Webhooks:
${m.webhookUrl ? `<code>${escapeHtml(m.webhookUrl)}</code>` : 'none set (<code>PUT /_control/webhook</code>)'}.</p>
${m.error ? `<p class="error" role="alert">${escapeHtml(m.error)}</p>` : ''}
<section aria-labelledby="new"><h2 id="new">New parcel</h2>
<form method="post" action="/parcels" class="create">
<label>From ZIP <input name="fromZip" required pattern="\\d{5}" inputmode="numeric" value="38116"></label>
<label>To ZIP <input name="toZip" required pattern="\\d{5}" inputmode="numeric" value="75063"></label>
<label>Weight (lb) <input name="weightLb" type="number" min="0.1" max="150" step="0.1" value="2"></label>
<label>Service <select name="serviceType"><option value="">Ground (home or business)</option>${services}</select></label>
<button class="primary">Create parcel</button>
</form></section>
<section aria-labelledby="parcels"><h2 id="parcels">Parcels</h2>
${m.parcels.length === 0 ? '<p>No parcels yet.</p>' : `<table><thead><tr><th>Tracking number</th><th>Route</th><th>Status</th><th>Charge</th><th>Move on</th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</section>
</main></body></html>`;
}
