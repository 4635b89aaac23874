import type { SignInStatus } from '../../../../../shared/api/auth';
import { getSignInStatus } from '../../../domains/auth/api';
import { followSigning, type SigningEnd, type SigningFollow } from '../../../lib/signing/follow-signing';

export type FinalSignInStatus = Exclude<SignInStatus, 'pending'>;

/** A sign-in request followed to its end: its final status, or its status could not be read. */
export type SignInEnd = { kind: 'final'; status: FinalSignInStatus } | { kind: 'error'; error: unknown };

/**
 * How a sign-in request is followed (followSigning): status events on the request's topic, on a connection of its own
 * (no session yet, and the page's connection is opened again with the new session's token right after), with reads of
 * the status route on the spec's schedule as the fallback. While the topic is subscribed the scheduled checks only count
 * time (the 60-check limit still applies): the read says nothing the topic would not.
 */
export function signInFollow({ uuid, topic }: { uuid: string; topic: string }): SigningFollow<FinalSignInStatus> {
  return {
    key: uuid,
    connection: 'own',
    request: { uuid, topic, endsAtSignature: true, quietWhileSubscribed: true },
    read: async (signal) => {
      const { status } = await getSignInStatus(uuid, signal);
      return status === 'pending' ? { over: false } : { over: true, value: status };
    },
  };
}

export function signInEnd(end: SigningEnd<FinalSignInStatus>): SignInEnd {
  switch (end.kind) {
    case 'over':
      return { kind: 'final', status: end.value };
    case 'signed':
    case 'cancelled':
    case 'expired':
      return { kind: 'final', status: end.kind };
    case 'timeout':
      return { kind: 'final', status: 'timed_out' };
    case 'error':
      return end;
  }
}

export interface WatchSignInOptions {
  uuid: string;
  /** The request's WebSocket topic (`signing:<uuid>`). */
  topic: string;
  onFinal(status: FinalSignInStatus): void;
  /** The status could not be read (spec: 'Connection Error'). */
  onError(error: unknown): void;
}

/** Follows one sign-in request until it is final, outside React (signInFollow). Returns a function that stops it. */
export function watchSignIn(opts: WatchSignInOptions): () => void {
  return followSigning(signInFollow(opts), {
    onEnd: (end) => {
      const ended = signInEnd(end);
      if (ended.kind === 'final') opts.onFinal(ended.status);
      else opts.onError(ended.error);
    },
  });
}
