import type { ApiContract } from '../shared/api/contract';
import { getHealth } from '../shared/api/health';
import { listListings } from '../shared/api/listings';

/**
 * The one table of HTTP routes, WebSocket routes, queues and schedules. The CDK stacks and the local runtime are both
 * built from it, so the two can't drift. `handler` is a module path under functions/ that exports `handler`.
 */
export type Auth = 'public' | 'user' | 'admin';

export interface RouteDef<C extends ApiContract = ApiContract> {
  name: string;
  contract: C;
  handler: string;
  auth: Auth;
}

function route<C extends ApiContract>(name: string, contract: C, handler: string, auth: Auth): RouteDef<C> {
  return { name, contract, handler, auth };
}

export const routes = {
  getHealth: route('getHealth', getHealth, 'http/health/get-health', 'public'),
  listListings: route('listListings', listListings, 'http/listings/list-listings', 'public'),
} as const;

export const routeList: readonly RouteDef[] = Object.values(routes);

/** WebSocket API routes ($connect carries the session token as a query parameter once sessions exist). */
export const wsRoutes = {
  $connect: 'ws/connect',
  $disconnect: 'ws/disconnect',
  $default: 'ws/default',
} as const;

/** The $connect REQUEST authorizer (the local gateway calls it before $connect, as API Gateway does). */
export const wsAuthorizer = 'ws/authorize';

export interface QueueDef {
  name: string;
  /** Environment variable that carries the queue URL to producers. */
  urlEnv: string;
  consumer: string;
  batchSize: number;
  visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the queue's dead-letter queue. */
  maxReceiveCount: number;
}

export const queues: readonly QueueDef[] = [
  {
    name: 'events',
    urlEnv: 'QUEUE_EVENTS_URL',
    consumer: 'jobs/publish-events',
    batchSize: 10,
    visibilityTimeoutSeconds: 30,
    maxReceiveCount: 5,
  },
];

export interface ScheduleDef {
  name: string;
  handler: string;
  everyMinutes: number;
}

/** Scheduled jobs (auction close, delivery checks, escrow expiry) are added here as their features land. */
export const schedules: readonly ScheduleDef[] = [];

/** Every module the deployment bundles as its own function. */
export function allHandlerModules(): string[] {
  return [
    ...routeList.map((r) => r.handler),
    ...Object.values(wsRoutes),
    wsAuthorizer,
    ...queues.map((q) => q.consumer),
    ...schedules.map((s) => s.handler),
  ];
}
