import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Form, SubmitButton, useZodForm } from '../../../components/form/form';
import * as paths from '../../../lib/paths';
import { randomId } from '../../../lib/storage';
import {
  bookingKeys,
  createInStore,
  useCityBookingSettings,
  useFreeStarts,
  useQuote,
} from '../api/booking-api';
import { bookingDays, localDateIn, upcoming } from '../booking-days';
import { clearDraft, type InStoreForm, inStoreFormSchema, readDraft, writeDraft } from '../booking-form';
import { type Refusal, RefusalNotice, refusalOf } from '../booking-refusal';
import type { CouponSlot } from '../coupon-slot';
import { bothFree, type OpeningHoursEntry, storeFreeStarts } from '../store-starts';
import { useBookingDisplay } from '../use-booking-display';
import { BookingSection } from './booking-section';
import { ClockStepper, clampClocks } from './clock-stepper';
import type { BookableProject } from './home-visit-booking';
import { RemarkField } from './home-visit-booking';
import { OrderAgreement } from './order-agreement';
import { PriceBreakdown } from './price-breakdown';
import { SlotPicker } from './slot-picker';
import '../booking.css';

const sameInstant = (a: string | undefined, b: string | undefined) =>
  Boolean(a && b && Date.parse(a) === Date.parse(b));

/**
 * The in-store booking: a project of the store, a start within its opening hours (and, when one is
 * chosen, within that therapist's free time), optionally a therapist of the store; no travel fee.
 */
export function InStoreBooking({
  store,
  project,
  cityName,
  now = Date.now(),
  couponSlot,
}: {
  store: {
    id: number;
    name: string;
    cityId: number;
    timeZone: string;
    openingHours: readonly OpeningHoursEntry[];
    therapists: readonly { id: number; name: string }[];
  };
  project: BookableProject;
  /** The store's city in the reader's language: the time note names it. */
  cityName?: string | undefined;
  now?: number;
  /** The coupon choice, handed in by the page (booking knows no coupons). */
  couponSlot?: CouponSlot;
}) {
  const { t } = useTranslation('booking');
  const display = useBookingDisplay();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const draftKey = `store.${store.id}.${project.id}`;

  const [initial] = useState(() => {
    const params = new URLSearchParams(location.search);
    const draft = readDraft<InStoreForm>(draftKey);
    const therapistFromUrl = Number(params.get('therapistId')) || undefined;
    const therapistId = therapistFromUrl ?? draft.therapistId;
    return {
      storeId: store.id,
      projectId: project.id,
      therapistId: store.therapists.some((item) => item.id === therapistId) ? therapistId : undefined,
      clocks: clampClocks(params.get('clocks') ?? String(draft.clocks ?? 1)),
      startsAt: upcoming(params.get('startsAt') ?? draft.startsAt, now),
      remark: draft.remark ?? '',
      agreeTerms: draft.agreeTerms === true ? (true as const) : undefined,
    };
  });
  const form = useZodForm(inStoreFormSchema, initial);
  const values = useWatch({ control: form.control }) as Partial<InStoreForm>;
  const clocks = values.clocks ?? 1;
  const startsAt = values.startsAt || undefined;
  // The shared body coerces ids, so its input type is loose; the form only ever holds numbers.
  const therapistId = typeof values.therapistId === 'number' ? values.therapistId : undefined;

  const days = useMemo(() => bookingDays(now, store.timeZone), [now, store.timeZone]);
  const [day, setDay] = useState(() => {
    const chosen = initial.startsAt ? localDateIn(initial.startsAt, store.timeZone) : undefined;
    return chosen && days.includes(chosen) ? chosen : (days[0] ?? '');
  });

  const citySettings = useCityBookingSettings(store.cityId);
  const storeStarts = useMemo(
    () =>
      storeFreeStarts({
        openingHours: store.openingHours,
        timeZone: store.timeZone,
        date: day,
        durationMinutes: project.durationMinutes * clocks,
        now,
        settings: citySettings.data,
      }),
    [store.openingHours, store.timeZone, day, project.durationMinutes, clocks, now, citySettings.data],
  );
  const therapistStarts = useFreeStarts(
    therapistId ? { therapistId, projectId: project.id, date: day, clocks } : undefined,
  );
  const starts = therapistId
    ? therapistStarts.data
      ? bothFree(storeStarts, therapistStarts.data)
      : undefined
    : storeStarts;

  useEffect(() => {
    if (!startsAt || !starts || therapistStarts.isFetching) return;
    if (localDateIn(startsAt, store.timeZone) !== day) return;
    if (!starts.some((slot) => sameInstant(slot.startsAt, startsAt))) form.setValue('startsAt', '');
  }, [starts, therapistStarts.isFetching, startsAt, day, store.timeZone, form]);

  const quoteBody = startsAt
    ? { storeId: store.id, projectId: project.id, therapistId, clocks, startsAt }
    : undefined;
  // The coupon chosen on this page (decision 043): the server prices it into the quote.
  const couponId = typeof values.couponId === 'number' ? values.couponId : undefined;
  const quote = useQuote('inStore', quoteBody && couponId ? { ...quoteBody, couponId } : quoteBody);
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const refuse = async (next: Refusal) => {
    setRefusal(next);
    if (next.kind === 'time') {
      form.setValue('startsAt', '');
      await queryClient.invalidateQueries({ queryKey: bookingKeys.freeStartsAll });
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new quote error only
  useEffect(() => {
    const next = quote.error ? refusalOf(quote.error) : undefined;
    if (next) void refuse(next);
  }, [quote.error]);

  const hasLeft = useRef(false);
  useEffect(() => {
    writeDraft(draftKey, values);
    const search = paths.bookInStore
      .href({ storeId: store.id, projectId: project.id, therapistId, clocks, startsAt })
      .replace(paths.bookInStore.path, '');
    // Once the order is placed the page is left: a start that just became taken must not pull the
    // URL back here (a relative navigate resolves against this route, replacing the order page).
    if (hasLeft.current) return;
    if (search !== location.search) navigate({ search }, { replace: true });
  }, [values, draftKey, store.id, project.id, therapistId, clocks, startsAt, location.search, navigate]);

  const idempotency = useRef({ body: '', key: '' });
  const submit = async (body: InStoreForm) => {
    setRefusal(undefined);
    const text = JSON.stringify(body);
    if (idempotency.current.body !== text) idempotency.current = { body: text, key: randomId() };
    const order = await createInStore(body, idempotency.current.key);
    clearDraft(draftKey);
    hasLeft.current = true;
    navigate(paths.pay.href(order.id));
  };
  const onError = async (error: unknown) => {
    const next = refusalOf(error);
    if (!next) return false;
    idempotency.current = { body: '', key: '' };
    await refuse(next);
    return true;
  };
  const isMemberPrice =
    quote.data !== undefined &&
    project.memberPrice.amount !== project.price.amount &&
    quote.data.unitPrice === project.memberPrice.amount;

  return (
    <Form form={form} onSubmit={submit} onError={onError} className="booking">
      <BookingSection title={t('project.heading')}>
        <div className="booking-project">
          <img className="booking-project__cover" src={project.cover} alt="" />
          <div>
            <p className="booking-project__name">{project.name}</p>
            <p className="booking__hint">{store.name}</p>
          </div>
        </div>
        <ClockStepper
          value={clocks}
          onChange={(next) => form.setValue('clocks', next)}
          unitLabel={display.minutes(project.durationMinutes)}
          totalLabel={display.minutes(project.durationMinutes * clocks)}
          locale={display.locale}
        />
      </BookingSection>

      {store.therapists.length > 0 ? (
        <BookingSection title={t('therapist.heading')}>
          <select
            className="booking-select"
            aria-label={t('therapist.label')}
            value={therapistId ?? ''}
            onChange={(event) =>
              form.setValue('therapistId', event.target.value ? Number(event.target.value) : undefined)
            }
          >
            <option value="">{t('therapist.any')}</option>
            {store.therapists.map((therapist) => (
              <option key={therapist.id} value={therapist.id}>
                {therapist.name}
              </option>
            ))}
          </select>
        </BookingSection>
      ) : null}

      <BookingSection title={t('time.heading')}>
        <SlotPicker
          days={days}
          day={day}
          onDayChange={setDay}
          starts={starts}
          isLoading={therapistId !== undefined && therapistStarts.isPending}
          loadError={therapistStarts.isError ? therapistStarts.error.message : undefined}
          onRetry={() => void therapistStarts.refetch()}
          value={startsAt}
          onChange={(next) => {
            setRefusal(undefined);
            form.setValue('startsAt', next);
          }}
          timeZone={store.timeZone}
          cityName={cityName}
          locale={display.locale}
        />
        {startsAt ? (
          <p className="booking__chosen">
            {t('time.chosen', { time: display.dateTime(startsAt, store.timeZone) })}
          </p>
        ) : null}
      </BookingSection>

      <BookingSection title={t('remark.label')}>
        <RemarkField />
      </BookingSection>

      <BookingSection title={t('price.heading')}>
        {couponSlot?.({
          order: quote.data ? { currency: quote.data.currency, total: quote.data.total } : undefined,
          value: couponId,
          onChange: (id) => form.setValue('couponId', id),
          quoteError: quote.error,
        })}
        <PriceBreakdown
          quote={quoteBody ? quote.data : undefined}
          isUpdating={quote.isFetching}
          isMemberPrice={isMemberPrice}
          kind="inStore"
          price={display.price}
          pendingText={t('price.pending')}
          error={quote.isError && !refusalOf(quote.error) ? quote.error.message : undefined}
        />
      </BookingSection>

      {refusal ? <RefusalNotice refusal={refusal} rebookHref={paths.instore.href()} /> : null}

      <div className="booking-footer">
        <OrderAgreement />
        <SubmitButton>{t('submit')}</SubmitButton>
      </div>
    </Form>
  );
}
