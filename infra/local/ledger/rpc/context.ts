import { type Chain } from '../chain';
import { type ApiVersion } from './api-version';

/** What the node reports about itself in server_info / server_state (a standalone rippled's admin port). */
export interface NodeIdentity {
  /** The port serving WebSocket and JSON-RPC. */
  port: number;
  /** rippled's node public key (base58, "n..."). */
  pubkeyNode: string;
  hostname: string;
  /** When the node started (ms) and when it was ready to serve (ms): the disconnected and full durations. */
  startedAt: number;
  readyAt: number;
  /** [network_id] when configured; server_info omits it otherwise and streams say 0 (rippled's default). */
  networkId?: number;
}

/** What every method handler gets: the chain, the request's parameters and the connection's subscriptions. */
export interface MethodContext {
  chain: Chain;
  params: Record<string, unknown>;
  apiVersion: ApiVersion;
  /** Present on WebSocket connections (subscribe / unsubscribe); absent over HTTP JSON-RPC. */
  subscriber?: Subscriber;
  /** Closes the open ledger now (ledger_accept) and saves it. */
  closeLedger(): void;
  node: NodeIdentity;
}

export interface Subscriber {
  streams: Set<string>;
  accounts: Set<string>;
  /** The API version of the last subscribe request: stream messages use its shapes (InfoSub::setApiVersion). */
  apiVersion: ApiVersion;
}

export type MethodHandler = (ctx: MethodContext) => Record<string, unknown>;

/** The network id rippled uses where one is always needed (CTIDs, ledger stream): the configured one, or 0. */
export function effectiveNetworkId(node: NodeIdentity): number {
  return node.networkId ?? 0;
}
