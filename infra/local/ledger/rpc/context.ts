import { type Chain } from '../chain';

/** What every method handler gets: the chain, the request's parameters and the connection's subscriptions. */
export interface MethodContext {
  chain: Chain;
  params: Record<string, unknown>;
  /** Present on WebSocket connections (subscribe / unsubscribe); absent over HTTP JSON-RPC. */
  subscriber?: Subscriber;
  /** Closes the open ledger now (ledger_accept) and saves it. */
  closeLedger(): void;
  startedAt: number;
}

export interface Subscriber {
  streams: Set<string>;
  accounts: Set<string>;
}

export type MethodHandler = (ctx: MethodContext) => Record<string, unknown>;
