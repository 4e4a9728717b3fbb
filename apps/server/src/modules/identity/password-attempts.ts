import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { IdentityRepository } from './identity.repository';

export const PASSWORD_ATTEMPT_WINDOW_MS = 15 * 60_000;
/** Attempts one client may make at one subject in a window, right ones included until released. */
export const PASSWORD_ATTEMPTS_PER_CLIENT = 10;
/**
 * Attempts every client the account does not know may make together in a window: 25 in 15 minutes is
 * 100 an hour, ASVS 5.0's ceiling for one account, however many addresses a guesser has.
 */
export const PASSWORD_ATTEMPTS_PER_SUBJECT = 25;
const UNKNOWN_CLIENTS = '*';

/**
 * Whose password is tried (`subject`: a phone, or `user:<id>`) and by whom (`client`). A client the
 * account does not know (`shared`) also counts against what every such client may try together.
 */
export interface AttemptScope {
  subject: string;
  client: string;
  shared: boolean;
}

function exceeded(windowStartedAt: Date, now: Date) {
  const endsIn = windowStartedAt.getTime() + PASSWORD_ATTEMPT_WINDOW_MS - now.getTime();
  return new AppError('passwordAttemptsExceeded', { minutes: Math.max(1, Math.ceil(endsIn / 60_000)) });
}

/**
 * Counts an attempt before its password is verified (decision 012), or refuses it with the time the
 * client must wait. Answers the release to call when the password proves right.
 */
export async function reservePasswordAttempt(
  repository: IdentityRepository,
  clock: Clock,
  scope: AttemptScope,
): Promise<() => Promise<void>> {
  const now = clock.now();
  const windowStart = new Date(now.getTime() - PASSWORD_ATTEMPT_WINDOW_MS);
  const own = await repository.reservePasswordAttempt(scope.subject, scope.client, now, windowStart);
  if (own.attempts > PASSWORD_ATTEMPTS_PER_CLIENT) throw exceeded(own.windowStartedAt, now);
  if (scope.shared) {
    const all = await repository.reservePasswordAttempt(scope.subject, UNKNOWN_CLIENTS, now, windowStart);
    if (all.attempts > PASSWORD_ATTEMPTS_PER_SUBJECT) throw exceeded(all.windowStartedAt, now);
  }
  return () =>
    repository.releasePasswordAttempt(
      scope.subject,
      scope.client,
      scope.shared ? UNKNOWN_CLIENTS : undefined,
    );
}

/** The subject of a change-password check (an account may have no phone). */
export const accountSubject = (userId: number) => `user:${userId}`;
