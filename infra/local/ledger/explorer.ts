import { isValidClassicAddress } from 'xrpl';
import { type Chain, rippleTimeToIso, type TxRecord } from './chain';
import { accountLine } from './engine';

/**
 * A small block explorer for the local ledger, so "View on Explorer" works without a public network: an account page
 * (XRP, trust lines, recent transactions) and a transaction page, read from the last validated ledger.
 */
export function explorerPage(chain: Chain, pathname: string): { status: number; html: string } {
  const account = /^\/explorer\/accounts\/(r[1-9A-HJ-NP-Za-km-z]{24,34})$/.exec(pathname)?.[1];
  if (account && isValidClassicAddress(account)) return accountPage(chain, account);
  const hash = /^\/explorer\/transactions\/([0-9A-Fa-f]{64})$/.exec(pathname)?.[1];
  if (hash) return transactionPage(chain, hash);
  return page(404, 'Not found', '<p>Nothing here. Try /explorer/accounts/&lt;address&gt;.</p>');
}

function escape(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(status: number, title: string, body: string): { status: number; html: string } {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Local XRPL explorer</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;word-break:break-all}code{font-size:.9em}</style></head>
<body><header><p>Local XRPL explorer (the marketplace's development ledger)</p></header><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
  return { status, html };
}

function drops(value: unknown): string {
  const n = BigInt(String(value));
  return `${n / 1_000_000n}.${(n % 1_000_000n).toString().padStart(6, '0')} XRP`;
}

function txRow(record: TxRecord): string {
  const tx = record.tx_json;
  return `<tr><td><a href="/explorer/transactions/${record.hash}"><code>${record.hash.slice(0, 16)}…</code></a></td>
<td>${escape(tx.TransactionType)}</td><td>${escape(record.meta.TransactionResult)}</td><td>${record.ledger_index}</td>
<td>${rippleTimeToIso(record.close_time)}</td></tr>`;
}

function accountPage(chain: Chain, address: string) {
  const state = chain.closedState(chain.lastClosed.ledger_index)!;
  const root = state.accountRoot(address);
  if (!root) return page(404, address, '<p>This account does not exist in the last validated ledger.</p>');
  const lines = state.trustLines(address).map((entry) => accountLine(entry, address));
  const recent = [...chain.accountTransactions(address)].reverse().slice(0, 50);
  const body = `<h2>Balances</h2><table><tr><th>Currency</th><th>Balance</th><th>Issuer</th></tr>
<tr><td>XRP</td><td>${drops(root.Balance)}</td><td></td></tr>
${lines.map((l) => `<tr><td>${escape(currencyName(l.currency))}</td><td>${escape(l.balance)}</td><td>${escape(l.account)}</td></tr>`).join('')}
</table><p>Sequence ${escape(root.Sequence)}, ${escape(root.OwnerCount)} owned objects, validated ledger ${chain.lastClosed.ledger_index}.</p>
<h2>Recent transactions</h2>${
    recent.length
      ? `<table><tr><th>Hash</th><th>Type</th><th>Result</th><th>Ledger</th><th>Closed</th></tr>${recent.map(txRow).join('')}</table>`
      : '<p>No transactions yet.</p>'
  }`;
  return page(200, address, body);
}

function transactionPage(chain: Chain, hash: string) {
  const { record } = chain.transaction(hash);
  if (!record) return page(404, 'Transaction not found', '<p>Not in a validated ledger (yet).</p>');
  const body = `<table>${txRow(record)}</table><h2>Transaction</h2><pre>${escape(JSON.stringify(record.tx_json, null, 2))}</pre>
<h2>Metadata</h2><pre>${escape(JSON.stringify(record.meta, null, 2))}</pre>`;
  return page(200, `Transaction ${hash.slice(0, 16)}…`, body);
}

/** 'RLUSD' for the 40-hex code of an ASCII name, the code itself otherwise. */
function currencyName(code: string): string {
  if (!/^[0-9A-F]{40}$/.test(code)) return code;
  const ascii = Buffer.from(code, 'hex').toString('latin1').replace(/\0+$/, '');
  return /^[\x20-\x7E]+$/.test(ascii) ? ascii : code;
}
