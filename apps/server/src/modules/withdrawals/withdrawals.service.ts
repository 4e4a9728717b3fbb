import { randomUUID } from 'node:crypto';
import { isCurrency, toDecimalString } from '@sabai/shared/money';
import {
  type CityWithdrawalSettings,
  cityWithdrawalSettingsSchema,
  DEFAULT_MINIMUM_WITHDRAWAL,
  looksLikeCardNumber,
  WITHDRAWAL_STAFF_ACTIONS,
  type Withdrawal,
  type WithdrawalAccount,
  type WithdrawalAccountBody,
  type WithdrawalMethod,
  type WithdrawalStaffAction,
  type WithdrawalStatus,
  type WithdrawalSummary,
} from '@sabai/shared/payments/withdrawals.schemas';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { reencodeUploadedImage } from '../../lib/image-reencode';
import type { FileStorage } from '../../lib/storage';
import type { LedgerService, PostingLine } from '../ledger';
import { payoutClearing, platformRevenue, therapistAccount } from './provider-accounts';
import type { WithdrawalAccountRow, WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';

export const MAX_WITHDRAWAL_ACCOUNTS = 10;
export const CARD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const CARD_IMAGE_LONG_SIDE = 1600;

const last4 = (accountNumber: string) => accountNumber.slice(-4);

export const cardImageUrl = (accountId: number) => `/app/withdrawals/accounts/${accountId}/card-image`;

function toAccount(row: WithdrawalAccountRow): WithdrawalAccount {
  return {
    id: row.id,
    method: row.method as WithdrawalMethod,
    accountType: 'savings',
    payeeName: row.payeeName,
    accountNumber: row.accountNumber,
    accountNumberLast4: last4(row.accountNumber),
    bankName: row.bankName,
    cardImageUrl: row.cardImageKey ? cardImageUrl(row.id) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    status: row.status as WithdrawalStatus,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    account: {
      id: row.accountId,
      method: row.account.method as WithdrawalMethod,
      payeeName: row.account.payeeName,
      accountNumberLast4: last4(row.account.accountNumber),
      bankName: row.account.bankName,
    },
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const display = (amount: number, currency: string) =>
  isCurrency(currency) ? `${toDecimalString({ amount, currency })} ${currency}` : `${amount} ${currency}`;

/**
 * Providers' withdrawals (decision 044). The amount and the fee are held in the ledger in the same
 * transaction that records the request, after locking the provider's earnings and tips accounts,
 * so two parallel requests are checked one after the other and can never both spend one balance.
 */
export function createWithdrawalsService(deps: {
  db: Db;
  clock: Clock;
  repository: WithdrawalsRepository;
  ledger: LedgerService;
  storage: FileStorage;
}) {
  const { db, clock, repository, ledger, storage } = deps;

  async function providerOf(me: AuthUser) {
    const therapist = await repository.therapistOfUser(me.id);
    if (!therapist) throw new AppError('withdrawalProvidersOnly');
    return therapist;
  }

  async function settingsOf(cityId: number, currency: string) {
    const settings: CityWithdrawalSettings = cityWithdrawalSettingsSchema.parse(
      (await repository.citySettings(cityId)) ?? {},
    );
    const fallback = isCurrency(currency)
      ? DEFAULT_MINIMUM_WITHDRAWAL[currency]
      : DEFAULT_MINIMUM_WITHDRAWAL.USD;
    return { minimum: settings.minimumAmount ?? fallback, fee: settings.feeAmount };
  }

  async function balances(therapistId: number, currency: string) {
    const of = async (purpose: 'providerEarnings' | 'tips' | 'withdrawalsInFlight' | 'providerOwes') =>
      (await ledger.findAccount(therapistAccount(therapistId, purpose, currency)))?.balance ?? 0;
    const [earnings, tips, inFlight, owes] = await Promise.all([
      of('providerEarnings'),
      of('tips'),
      of('withdrawalsInFlight'),
      of('providerOwes'),
    ]);
    return { earnings, tips, inFlight, owes };
  }

  /** The postings that undo a withdrawal's hold (amount and fee back where each came from). */
  async function holdUndone(id: number): Promise<PostingLine[] | undefined> {
    const withdrawal = await repository.withdrawal(id);
    if (!withdrawal?.holdEntryId) return undefined;
    const refs = [
      therapistAccount(withdrawal.therapistId, 'providerEarnings', withdrawal.currency),
      therapistAccount(withdrawal.therapistId, 'tips', withdrawal.currency),
      therapistAccount(withdrawal.therapistId, 'withdrawalsInFlight', withdrawal.currency),
      platformRevenue(withdrawal.currency),
    ];
    const accounts = await Promise.all(refs.map((ref) => ledger.findAccount(ref)));
    const hold = await ledger.entryOnAccounts(
      withdrawal.holdEntryId,
      accounts.flatMap((account) => (account ? [account.id] : [])),
    );
    return hold?.postings.map((posting) => {
      const ref = refs[accounts.findIndex((account) => account?.id === posting.accountId)];
      if (!ref) throw new Error(`withdrawal ${id}'s hold touched an unexpected account`);
      return { account: ref, amount: -posting.amount };
    });
  }

  return {
    settingsOf,
    balances,

    async summary(me: AuthUser): Promise<WithdrawalSummary> {
      const therapist = await providerOf(me);
      const money = await balances(therapist.id, therapist.currency);
      const rules = await settingsOf(therapist.cityId, therapist.currency);
      return {
        currency: therapist.currency,
        available: money.earnings + money.tips,
        inFlight: money.inFlight,
        minimum: rules.minimum,
        fee: rules.fee,
      };
    },

    async accounts(me: AuthUser): Promise<WithdrawalAccount[]> {
      await providerOf(me);
      return (await repository.accountsOf(me.id)).map(toAccount);
    },

    async account(me: AuthUser, id: number): Promise<WithdrawalAccount> {
      const row = await repository.ownAccount(me.id, id);
      if (!row) throw new AppError('notFound');
      return toAccount(row);
    },

    /** Savings accounts only: a credit card (declared, or a card number typed as the account) is refused. */
    async addAccount(me: AuthUser, body: WithdrawalAccountBody): Promise<WithdrawalAccount> {
      await providerOf(me);
      if (body.accountType !== 'savings' || looksLikeCardNumber(body.accountNumber))
        throw new AppError('withdrawalCreditCardRefused');
      if ((await repository.countAccounts(me.id)) >= MAX_WITHDRAWAL_ACCOUNTS)
        throw new AppError('withdrawalAccountLimit', { limit: MAX_WITHDRAWAL_ACCOUNTS });
      const row = await repository.insertAccount({
        userId: me.id,
        method: body.method,
        accountType: 'savings',
        payeeName: body.payeeName,
        accountNumber: body.accountNumber,
        bankName: body.bankName,
        createdAt: clock.now(),
      });
      return toAccount(row);
    },

    async removeAccount(me: AuthUser, id: number): Promise<void> {
      if (!(await repository.removeAccount(me.id, id, clock.now()))) throw new AppError('notFound');
    },

    async addCardImage(me: AuthUser, id: number, upload: Buffer): Promise<WithdrawalAccount> {
      if (!(await repository.ownAccount(me.id, id))) throw new AppError('notFound');
      const webp = await reencodeUploadedImage(upload, CARD_IMAGE_LONG_SIDE);
      // Not derived from the content: the key is never guessable from a photo someone else holds.
      const key = `withdrawal-cards/${me.id}-${id}-${randomUUID()}.webp`;
      await storage.put(key, webp);
      const row = await repository.setCardImage(me.id, id, key);
      if (!row) throw new AppError('notFound');
      return toAccount(row);
    },

    /** The card photo, for its owner or customer service only. */
    async cardImage(me: AuthUser, id: number, isStaff: boolean): Promise<Buffer> {
      const row = isStaff ? await repository.account(id) : await repository.ownAccount(me.id, id);
      const image = row?.cardImageKey ? await storage.get(row.cardImageKey) : undefined;
      if (!image) throw new AppError('notFound');
      return image;
    },

    async request(me: AuthUser, body: { accountId: number; amount: number }): Promise<Withdrawal> {
      const therapist = await providerOf(me);
      const { amount } = body;
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('withdrawalAmountInvalid');
      const account = await repository.ownAccount(me.id, body.accountId);
      if (!account) throw new AppError('notFound');
      const currency = therapist.currency;
      const rules = await settingsOf(therapist.cityId, currency);
      if (amount < rules.minimum)
        throw new AppError('withdrawalBelowMinimum', { minimum: display(rules.minimum, currency) });
      const now = clock.now();
      const row = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const earningsRef = therapistAccount(therapist.id, 'providerEarnings', currency);
        const tipsRef = therapistAccount(therapist.id, 'tips', currency);
        // Locked in a fixed order (earnings, then tips) so two requests never deadlock.
        const earnings = await ledger.lockedBalance(tx, earningsRef);
        const tips = await ledger.lockedBalance(tx, tipsRef);
        const total = amount + rules.fee;
        if (total > earnings + tips)
          throw new AppError('withdrawalAboveAvailable', { available: display(earnings + tips, currency) });
        const withdrawal = await repository.insertWithdrawal(tx, {
          userId: me.id,
          therapistId: therapist.id,
          accountId: account.id,
          account: {
            method: account.method,
            payeeName: account.payeeName,
            accountNumber: account.accountNumber,
            bankName: account.bankName,
          },
          amount,
          fee: rules.fee,
          currency,
          createdAt: now,
          updatedAt: now,
        });
        // Earnings first, tips for the rest.
        const fromEarnings = Math.min(earnings, total);
        const fromTips = total - fromEarnings;
        const lines: PostingLine[] = [
          { account: therapistAccount(therapist.id, 'withdrawalsInFlight', currency), amount },
        ];
        if (fromEarnings > 0) lines.push({ account: earningsRef, amount: -fromEarnings });
        if (fromTips > 0) lines.push({ account: tipsRef, amount: -fromTips });
        if (rules.fee > 0) lines.push({ account: platformRevenue(currency), amount: rules.fee });
        const hold = await ledger.post(tx, {
          eventKey: `withdrawal:${withdrawal.id}:hold`,
          kind: 'withdrawalHold',
          actorUserId: me.id,
          lines,
        });
        return repository.update(tx, withdrawal.id, { holdEntryId: hold.entryId });
      });
      return toWithdrawal(row);
    },

    async mine(me: AuthUser, page: { page: number; pageSize: number }) {
      const rows = await repository.withdrawalsOf(me.id, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize + 1,
      });
      return {
        items: rows.slice(0, page.pageSize).map(toWithdrawal),
        page: page.page,
        hasMore: rows.length > page.pageSize,
      };
    },

    async staffList(query: { page: number; pageSize: number; status?: WithdrawalStatus }) {
      const rows = await repository.withdrawalsByStatus(query.status, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize + 1,
      });
      return {
        items: rows.slice(0, query.pageSize).map((row) => ({
          ...toWithdrawal(row),
          userId: row.userId,
          therapistId: row.therapistId,
          account: { ...toWithdrawal(row).account, accountNumber: row.account.accountNumber },
        })),
        page: query.page,
        hasMore: rows.length > query.pageSize,
      };
    },

    /**
     * Customer service moves a withdrawal on. Asking for the status it already has changes nothing
     * (a retried click is harmless); success sends the held money out through the payout rail,
     * failure returns the hold (amount and fee) to the provider. Each change is audited.
     */
    async act(
      staff: AuthUser,
      id: number,
      action: WithdrawalStaffAction,
      reason: string,
    ): Promise<Withdrawal> {
      const rule = WITHDRAWAL_STAFF_ACTIONS[action];
      if (action === 'fail' && reason.trim() === '') throw new AppError('withdrawalReasonRequired');
      // A failure undoes the hold line by line; the hold is committed and never changes, so it is
      // read before the transaction (a read on another connection inside it would wait on it).
      const returnLines = action === 'fail' ? await holdUndone(id) : undefined;
      const row = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const current = await repository.lockedWithdrawal(tx, id);
        if (!current) throw new AppError('notFound');
        if (current.status === rule.to) return current;
        if (!(rule.from as readonly string[]).includes(current.status))
          throw new AppError('withdrawalTransitionIllegal');
        const now = clock.now();
        if (action === 'succeed') {
          await ledger.post(tx, {
            eventKey: `withdrawal:${id}:paid`,
            kind: 'withdrawalPaid',
            actorUserId: staff.id,
            lines: [
              {
                account: therapistAccount(current.therapistId, 'withdrawalsInFlight', current.currency),
                amount: -current.amount,
              },
              {
                account: payoutClearing(current.account.method as WithdrawalMethod, current.currency),
                amount: current.amount,
              },
            ],
          });
        }
        if (action === 'fail') {
          if (!returnLines) throw new Error(`withdrawal ${id} has no hold to return`);
          await ledger.post(tx, {
            eventKey: `withdrawal:${id}:returned`,
            kind: 'withdrawalReturned',
            actorUserId: staff.id,
            memo: reason,
            lines: returnLines,
          });
        }
        await repository.insertAudit(tx, {
          withdrawalId: id,
          staffId: staff.id,
          action,
          reason,
          fromStatus: current.status,
          toStatus: rule.to,
          at: now,
        });
        return repository.update(tx, id, {
          status: rule.to,
          updatedAt: now,
          ...(action === 'fail' ? { failureReason: reason } : {}),
        });
      });
      return toWithdrawal(row);
    },

    audit: repository.auditOf,
    saveCitySettings: repository.saveCitySettings,
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
