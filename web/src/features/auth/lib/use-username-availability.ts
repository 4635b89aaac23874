import { useEffect, useState } from 'react';
import { checkUsername, USERNAME_MESSAGES, USERNAME_MIN_LENGTH } from '../../../../../shared/domain/username';
import { checkUsername as checkUsernameApi } from '../../../domains/auth/api';

export type Availability =
  | { state: 'idle'; message: string | null }
  | { state: 'checking'; message: null }
  | { state: 'available' | 'unavailable'; message: string };

const CHECK_FAILED = 'Could not check the username. Please try again.';

type Checked = { name: string; result: Availability };

/**
 * Spec part 1 "Username availability": idle under 3 characters, then checking -> available or taken on every change. A
 * name that breaks a rule gets the rule's message without a request; an answer for an older name is dropped.
 */
export function useUsernameAvailability(raw: string): Availability {
  const name = raw.trim();
  const local = name.length >= USERNAME_MIN_LENGTH ? checkUsername(name) : null;
  const [checked, setChecked] = useState<Checked | null>(null);

  const needsServer = local?.ok === true;
  useEffect(() => {
    if (!needsServer) return;
    const controller = new AbortController();
    checkUsernameApi(name, controller.signal)
      .then(({ available, message }) =>
        setChecked({ name, result: { state: available ? 'available' : 'unavailable', message } }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Username check failed', error);
        setChecked({ name, result: { state: 'unavailable', message: CHECK_FAILED } });
      });
    return () => controller.abort();
  }, [name, needsServer]);

  if (name.length === 0) return { state: 'idle', message: null };
  if (!local) return { state: 'idle', message: USERNAME_MESSAGES.dialogTooShort };
  if (!local.ok) return { state: 'unavailable', message: local.message };
  if (checked?.name === name) return checked.result;
  return { state: 'checking', message: null };
}
