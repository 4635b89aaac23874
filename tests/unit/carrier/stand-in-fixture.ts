import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FedexCarrier } from '../../../functions/adapters/carrier/fedex-carrier';
import { startCarrierService, type CarrierService } from '../../../infra/local/carrier/service';

export const ACCOUNT = '999000001';
export const CLIENT = { clientId: 'stand-in-key', clientSecret: 'stand-in-secret' };
export const TRACK_CLIENT = { clientId: 'stand-in-track-key', clientSecret: 'stand-in-track-secret' };
export const WEBHOOK_TOKEN = 'StandInWebhookSecurityToken01';

export interface StandInFixture {
  service: CarrierService;
  dataDir: string;
  carrier: FedexCarrier;
  /** Stops the service and starts another on the same port and data dir (a restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStandIn(): Promise<StandInFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-stand-in-'));
  const start = (port = 0) =>
    startCarrierService({
      port,
      dataDir,
      accountNumber: ACCOUNT,
      client: CLIENT,
      trackClient: TRACK_CLIENT,
      webhookSecret: WEBHOOK_TOKEN,
      webhookRetryDelaysMs: [20, 20, 20],
    });
  const fixture: StandInFixture = {
    service: await start(),
    dataDir,
    carrier: undefined as unknown as FedexCarrier,
    async restart() {
      await fixture.service.stop();
      fixture.service = await start(fixture.service.port);
    },
    async stop() {
      await fixture.service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  fixture.carrier = carrierAt(fixture.service.url);
  return fixture;
}

/** The production adapter pointed at the stand-in, with the Track pair as FedEx issues it. */
export function carrierAt(url: string): FedexCarrier {
  return new FedexCarrier({
    baseUrl: url,
    accountNumber: ACCOUNT,
    credentials: async () => ({ apiKey: CLIENT.clientId, apiSecret: CLIENT.clientSecret }),
    trackCredentials: async () => ({ apiKey: TRACK_CLIENT.clientId, apiSecret: TRACK_CLIENT.clientSecret }),
  });
}

/** The stand-in's JSON controls. */
export async function control(base: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${base}/_control/${p}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function newParcel(base: string, fromZip = '38116', toZip = '75063'): Promise<string> {
  const created = await control(base, 'POST', 'parcels', { fromZip, toZip, weightLb: 3 });
  if (created.status !== 201) throw new Error(`parcel not created: ${JSON.stringify(created.body)}`);
  return created.body.trackingNumber as string;
}

export const move = (base: string, trackingNumber: string, status: string) =>
  control(base, 'POST', `parcels/${trackingNumber}/events`, { status });

/** One request written byte for byte (paths fetch would normalize), and the status code of the answer. */
export function rawStatus(url: string, requestLine: string, extra = ''): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`${requestLine}\r\nhost: ${hostname}\r\nconnection: close\r\n${extra}\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}
