import WebSocket from 'ws';

export type StatusMessage = Record<string, unknown>;

/** Opens the status socket of a payload and collects its messages until `until` matches one (or the server closes). */
export function statusMessages(
  serviceUrl: string,
  uuid: string,
  until: (m: StatusMessage) => boolean,
  send?: string,
): { opened: Promise<void>; done: Promise<StatusMessage[]> } {
  const socket = new WebSocket(`${serviceUrl.replace(/^http/, 'ws')}/sign/${uuid}`);
  const seen: StatusMessage[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
  });
  const done = new Promise<StatusMessage[]>((resolve, reject) => {
    socket.on('open', () => send && socket.send(send));
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as StatusMessage;
      seen.push(m);
      if (until(m)) {
        socket.close();
        resolve(seen);
      }
    });
    socket.on('close', () => resolve(seen));
    socket.on('error', reject);
  });
  return { opened, done };
}

/** Posts one of the sign page's forms the way the browser does (urlencoded, no redirect following). */
export async function postForm(pageUrl: string, action: 'approve' | 'reject' | 'wallets', fields = {}) {
  return fetch(`${pageUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** The sign page's visible text, tags stripped, for assertions on what a person reads. */
export async function pageText(pageUrl: string): Promise<{ status: number; html: string; text: string }> {
  const res = await fetch(pageUrl);
  const html = await res.text();
  const text = html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/\s+/g, ' ');
  return { status: res.status, html, text };
}
