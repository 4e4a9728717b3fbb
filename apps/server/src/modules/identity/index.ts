import path from 'node:path';
import { isLanguage } from '@sabai/shared/i18n';
import type { FastifyPluginAsync } from 'fastify';
import type { AppModule, ModuleContext } from '../../app-module';
import type { Db } from '../../db/client';
import { translate } from '../../lib/i18n';
import { createLocalStorage } from '../../lib/storage';
import type { EventBus } from '../realtime';
import { accountRoutes } from './account.routes';
import { completeDueCancellations, createAccountService } from './account.service';
import { createAccountCache } from './account-cache';
import { devSmsRoutes } from './dev.routes';
import { createIdentityRepository } from './identity.repository';
import { identityRoutes } from './identity.routes';
import { createIdentityService, type IdentityService } from './identity.service';
import { PASSWORD_ATTEMPT_WINDOW_MS } from './password-attempts';
import { createSmsGateway, isDevSmsGateway, type SmsGateway } from './sms-gateway';

export type { AccountService } from './account.service';
export type { IdentityService } from './identity.service';
export { PASSWORD_HASH_PARAMS } from './passwords';

/** Builds the identity module: services, the SMS gateway, upload storage, routes and its periodic job. */
export function createIdentityModule(
  deps: Pick<ModuleContext, 'db' | 'clock' | 'config' | 'log'> & { bus?: EventBus },
  needs: {
    /** The help module's agreements: a sign-up accepts their current versions (decision 054). */
    acceptAgreementsWithin?: (tx: Db, userId: number, at: Date) => Promise<unknown>;
  } = {},
) {
  const cache = createAccountCache(deps.bus ? { bus: deps.bus } : {});
  const repository = createIdentityRepository(deps.db, cache.invalidate);
  const gateway = createSmsGateway(deps.config, deps.log);
  // A provider failure answers the caller with a generic message; the reason goes to the error log.
  const loggedGateway: SmsGateway = {
    kind: gateway.kind,
    async send(message) {
      try {
        await gateway.send(message);
      } catch (error) {
        deps.log.error({ err: error, to: message.to, purpose: message.purpose }, 'SMS not sent');
        throw error;
      }
    },
  };
  const storage = createLocalStorage(path.join(deps.config.DATA_DIR, 'uploads'));
  const identity = createIdentityService({
    repository,
    cache,
    gateway: loggedGateway,
    clock: deps.clock,
    smsText: (lang, code) =>
      translate(isLanguage(lang) ? lang : 'en', 'identity:smsText', { code, minutes: 5 }),
    ...(needs.acceptAgreementsWithin ? { acceptAgreementsWithin: needs.acceptAgreementsWithin } : {}),
  });
  const account = createAccountService({ repository, cache, clock: deps.clock, storage });
  // Only when asked for, and never in production, even for a demo running the dev gateway: the
  // outbox would hand out every code (its routes also refuse callers on other machines).
  const devOutbox =
    deps.config.SMS_DEV_OUTBOX && deps.config.NODE_ENV !== 'production' && isDevSmsGateway(gateway)
      ? gateway
      : undefined;

  const routes: FastifyPluginAsync = async (api) => {
    await api.register(identityRoutes, { service: identity });
    await api.register(accountRoutes, {
      service: account,
      storage,
      reauthenticate: identity.reauthenticate,
    });
    if (devOutbox) await api.register(devSmsRoutes, { gateway: devOutbox });
  };

  /** Drops password-attempt counts whose window has ended (a sweep; they no longer count). */
  const forgetEndedPasswordAttempts = (now: Date) =>
    repository.forgetPasswordAttemptsBefore(new Date(now.getTime() - PASSWORD_ATTEMPT_WINDOW_MS));

  return {
    name: 'identity',
    /** The session lookup the auth hook and the WebSocket use, and re-authentication for sensitive steps. */
    api: {
      lookupSession: identity.lookupSession,
      reauthenticate: identity.reauthenticate,
      /** Another module changed what a user's record shows (a VIP purchase): drop the cached record. */
      accountsChanged: (userIds: number[]) => cache.invalidate(userIds),
      /**
       * Hears that users' accounts or sessions changed on any process (logout, ban, password
       * change): realtime re-checks those users' open sockets (issue #35 finding 3).
       */
      onAccountsChanged: cache.onChanged,
    },
    routes,
    sweeps: [
      {
        name: 'complete-cancellations',
        everyMs: 60_000,
        run: (now: Date) => completeDueCancellations(repository, now),
      },
      { name: 'forget-password-attempts', everyMs: 15 * 60_000, run: forgetEndedPasswordAttempts },
    ],
    // The services themselves, for this module's own tests.
    identity,
    account,
    gateway,
    forgetEndedPasswordAttempts,
  } satisfies AppModule<{
    lookupSession: IdentityService['lookupSession'];
    reauthenticate: IdentityService['reauthenticate'];
    accountsChanged: (userIds: number[]) => void;
    onAccountsChanged: (listener: (userIds: number[]) => void) => () => void;
  }> &
    Record<string, unknown>;
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
