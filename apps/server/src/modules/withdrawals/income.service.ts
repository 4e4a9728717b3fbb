import { addDays, instantOfLocal, isoWeekday, localDateTimeOf } from '@sabai/shared/booking/zoned-time';
import type { Income } from '@sabai/shared/payments/withdrawals.schemas';
import type { AuthUser } from '../../http/auth';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LedgerService } from '../ledger';
import { therapistAccount } from './provider-accounts';
import type { WithdrawalsRepository } from './withdrawals.repository';

export type IncomePeriod = 'day' | 'week' | 'month';

/** The local dates [from, to] of the period `offset` periods before the one holding `today`. */
export function periodDates(
  today: string,
  period: IncomePeriod,
  offset: number,
): { from: string; to: string } {
  if (period === 'day') {
    const day = addDays(today, -offset);
    return { from: day, to: day };
  }
  if (period === 'week') {
    const monday = addDays(today, 1 - isoWeekday(today) - 7 * offset);
    return { from: monday, to: addDays(monday, 6) };
  }
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - offset, 1));
  const next = new Date(Date.UTC(year, month - offset, 1));
  return {
    from: first.toISOString().slice(0, 10),
    to: new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10),
  };
}

/**
 * A therapist's income (the workbench's income page): every figure is a sum of ledger postings on
 * the therapist's accounts, never a stored counter. Days are the city's local days.
 */
export function createIncomeService(deps: {
  clock: Clock;
  repository: WithdrawalsRepository;
  ledger: LedgerService;
  timeZoneOf: (cityId: number) => Promise<string>;
}) {
  const { clock, repository, ledger, timeZoneOf } = deps;

  return {
    async income(me: AuthUser, query: { period: IncomePeriod; offset: number }): Promise<Income> {
      const therapist = await repository.therapistOfUser(me.id);
      if (!therapist) throw new AppError('withdrawalProvidersOnly');
      const { currency } = therapist;
      const timeZone = await timeZoneOf(therapist.cityId);
      const today = localDateTimeOf(clock.now().getTime(), timeZone).date;
      const { from, to } = periodDates(today, query.period, query.offset);
      const start = new Date(instantOfLocal(from, 0, timeZone));
      const end = new Date(instantOfLocal(addDays(to, 1), 0, timeZone));

      const accountOf = async (
        purpose: 'providerEarnings' | 'tips' | 'withdrawalsInFlight' | 'providerOwes',
      ) => ledger.findAccount(therapistAccount(therapist.id, purpose, currency));
      const [earningsAccount, tipsAccount, inFlightAccount, owesAccount] = await Promise.all([
        accountOf('providerEarnings'),
        accountOf('tips'),
        accountOf('withdrawalsInFlight'),
        accountOf('providerOwes'),
      ]);
      const incomeAccounts = [earningsAccount, tipsAccount].flatMap((account) =>
        account ? [account.id] : [],
      );
      const postings = await ledger.postingsBetween(incomeAccounts, start, end);

      const days = new Map<string, { earnings: number; tips: number }>();
      for (let date = from; date <= to; date = addDays(date, 1)) days.set(date, { earnings: 0, tips: 0 });
      const orders = new Map<number, { orderId: number; earnings: number; tips: number; at: string }>();
      let earnings = 0;
      let tips = 0;
      for (const posting of postings) {
        // Withdrawals take money out of these accounts too; they are not negative income.
        if (posting.kind.startsWith('withdrawal') || posting.kind === 'reversal') continue;
        const isTip = posting.accountId === tipsAccount?.id;
        const date = localDateTimeOf(posting.createdAt.getTime(), timeZone).date;
        const day = days.get(date);
        if (isTip) tips += posting.amount;
        else earnings += posting.amount;
        if (day) {
          if (isTip) day.tips += posting.amount;
          else day.earnings += posting.amount;
        }
        if (posting.orderId !== null) {
          const order = orders.get(posting.orderId) ?? {
            orderId: posting.orderId,
            earnings: 0,
            tips: 0,
            at: posting.createdAt.toISOString(),
          };
          if (isTip) order.tips += posting.amount;
          else order.earnings += posting.amount;
          order.at = posting.createdAt.toISOString();
          orders.set(posting.orderId, order);
        }
      }
      return {
        currency,
        period: query.period,
        timeZone,
        from,
        to,
        earnings,
        tips,
        orderCount: orders.size,
        days: [...days].map(([date, sums]) => ({ date, ...sums })),
        orders: [...orders.values()].sort((a, b) => b.at.localeCompare(a.at)),
        available: (earningsAccount?.balance ?? 0) + (tipsAccount?.balance ?? 0),
        inFlight: inFlightAccount?.balance ?? 0,
        // The account goes negative by what the provider owes: shown as a positive debt.
        owes: -(owesAccount?.balance ?? 0),
      };
    },
  };
}

export type IncomeService = ReturnType<typeof createIncomeService>;
