import { TRAVEL_MODES, type TravelMode } from '@sabai/shared/booking/booking-settings';
import type { Money } from '@sabai/shared/catalog/catalog.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { TextArea } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Form, SubmitButton, useZodForm } from '../../../components/form/form';
import { TextField } from '../../../components/form/text-field';
import * as paths from '../../../lib/paths';
import { randomId } from '../../../lib/storage';
import { bookingKeys, createHomeVisit, useAddresses, useFreeStarts, useQuote } from '../api/booking-api';
import { bookingDays, localDateIn, upcoming } from '../booking-days';
import { clearDraft, type HomeVisitForm, homeVisitFormSchema, readDraft, writeDraft } from '../booking-form';
import { type Refusal, RefusalNotice, refusalOf } from '../booking-refusal';
import type { CouponSlot } from '../coupon-slot';
import { useBookingDisplay } from '../use-booking-display';
import { AddressCard } from './address-card';
import { BookingSection } from './booking-section';
import { ClockStepper, clampClocks } from './clock-stepper';
import { OrderAgreement } from './order-agreement';
import { PriceBreakdown } from './price-breakdown';
import { SlotPicker } from './slot-picker';
import { TravelModePicker } from './travel-mode-picker';
import '../booking.css';

export interface BookableProject {
  id: number;
  name: string;
  cover: string;
  durationMinutes: number;
  price: Money;
  memberPrice: Money;
}

type Draft = Partial<HomeVisitForm> & { contactFor?: number };

const isTravelMode = (value: unknown): value is TravelMode =>
  (TRAVEL_MODES as readonly unknown[]).includes(value);
const sameInstant = (a: string | undefined, b: string | undefined) =>
  Boolean(a && b && Date.parse(a) === Date.parse(b));

/**
 * Spec index/order/orderDet: the customer composes a home visit — sessions, a free start in the
 * city's time zone, the address, contact, travel mode, remark — sees the server's price of exactly
 * that, accepts the agreement and books. The order opens on its detail page, waiting for payment.
 */
export function HomeVisitBooking({
  therapist,
  project,
  timeZone,
  cityName,
  now = Date.now(),
  couponSlot,
}: {
  therapist: { id: number; name: string };
  project: BookableProject;
  timeZone: string;
  /** The therapist's city in the reader's language: the time note names it. */
  cityName?: string | undefined;
  /** Injected by tests; the page passes nothing. */
  now?: number;
  /** The coupon choice, handed in by the page (booking knows no coupons). */
  couponSlot?: CouponSlot;
}) {
  const { t } = useTranslation('booking');
  const display = useBookingDisplay();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const draftKey = `home.${therapist.id}.${project.id}`;

  const [initial] = useState(() => {
    const params = new URLSearchParams(location.search);
    const draft = readDraft<Draft>(draftKey);
    const addressFromUrl = Number(params.get('addressId')) || undefined;
    return {
      values: {
        therapistId: therapist.id,
        projectId: project.id,
        clocks: clampClocks(params.get('clocks') ?? String(draft.clocks ?? 1)),
        startsAt: upcoming(params.get('startsAt') ?? draft.startsAt, now),
        addressId: addressFromUrl ?? draft.addressId,
        travelMode: isTravelMode(draft.travelMode) ? draft.travelMode : ('tukTuk' as TravelMode),
        contactName: draft.contactName ?? '',
        remark: draft.remark ?? '',
        agreeTerms: draft.agreeTerms === true ? (true as const) : undefined,
      },
      // A name typed for one address is kept; another address brings its own contact.
      contactFor: addressFromUrl && addressFromUrl !== draft.addressId ? undefined : draft.contactFor,
    };
  });
  const form = useZodForm(homeVisitFormSchema, initial.values);
  const values = useWatch({ control: form.control }) as Partial<HomeVisitForm>;
  const clocks = values.clocks ?? 1;
  const travelMode = isTravelMode(values.travelMode) ? values.travelMode : 'tukTuk';
  const startsAt = values.startsAt || undefined;
  const contactFor = useRef(initial.contactFor);

  const days = useMemo(() => bookingDays(now, timeZone), [now, timeZone]);
  const [day, setDay] = useState(() => {
    const chosen = initial.values.startsAt ? localDateIn(initial.values.startsAt, timeZone) : undefined;
    return chosen && days.includes(chosen) ? chosen : (days[0] ?? '');
  });

  const addresses = useAddresses(true);
  const address = useMemo(() => {
    const list = addresses.data ?? [];
    return (
      list.find((item) => item.id === values.addressId) ?? list.find((item) => item.isDefault) ?? list[0]
    );
  }, [addresses.data, values.addressId]);

  useEffect(() => {
    if (!address) return;
    if (address.id !== values.addressId) form.setValue('addressId', address.id);
    if (contactFor.current !== address.id) {
      contactFor.current = address.id;
      form.setValue('contactName', address.contactName);
    }
  }, [address, values.addressId, form]);

  const starts = useFreeStarts(
    addresses.isPending
      ? undefined
      : {
          therapistId: therapist.id,
          projectId: project.id,
          date: day,
          clocks,
          addressId: address?.id,
          travelMode,
        },
  );

  // A chosen start that is no longer offered (more sessions, another address, taken) is dropped.
  useEffect(() => {
    if (!startsAt || !starts.data || starts.isFetching) return;
    if (localDateIn(startsAt, timeZone) !== day) return;
    if (!starts.data.some((slot) => sameInstant(slot.startsAt, startsAt))) form.setValue('startsAt', '');
  }, [starts.data, starts.isFetching, startsAt, day, timeZone, form]);

  const quoteBody =
    startsAt && address
      ? {
          therapistId: therapist.id,
          projectId: project.id,
          clocks,
          startsAt,
          addressId: address.id,
          travelMode,
        }
      : undefined;
  // The coupon chosen on this page (decision 043): the server prices it into the quote.
  const couponId = typeof values.couponId === 'number' ? values.couponId : undefined;
  const quote = useQuote('homeVisit', quoteBody && couponId ? { ...quoteBody, couponId } : quoteBody);
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

  // The choices live in the URL (a reload or a shared link restores them) and the rest in the draft.
  const hasLeft = useRef(false);
  useEffect(() => {
    writeDraft(draftKey, { ...values, contactFor: contactFor.current });
    const search = paths.bookHomeVisit
      .href({
        therapistId: therapist.id,
        projectId: project.id,
        clocks,
        startsAt,
        addressId: values.addressId,
      })
      .replace(paths.bookHomeVisit.path, '');
    // Once the order is placed the page is left: a start that just became taken must not pull the
    // URL back here (a relative navigate resolves against this route, replacing the order page).
    if (hasLeft.current) return;
    if (search !== location.search) navigate({ search }, { replace: true });
  }, [values, clocks, startsAt, draftKey, therapist.id, project.id, location.search, navigate]);

  const idempotency = useRef({ body: '', key: '' });
  const submit = async (body: HomeVisitForm) => {
    setRefusal(undefined);
    const text = JSON.stringify(body);
    if (idempotency.current.body !== text) idempotency.current = { body: text, key: randomId() };
    const order = await createHomeVisit(body, idempotency.current.key);
    clearDraft(draftKey);
    hasLeft.current = true;
    navigate(paths.pay.href(order.id));
    await queryClient.invalidateQueries({ queryKey: bookingKeys.freeStartsAll });
  };
  const onError = async (error: unknown) => {
    const next = refusalOf(error);
    if (!next) return false;
    idempotency.current = { body: '', key: '' };
    await refuse(next);
    return true;
  };

  const returnTo = paths.bookHomeVisit.href({
    therapistId: therapist.id,
    projectId: project.id,
    clocks,
    startsAt,
  });
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
            <p className="booking__hint">{t('therapist.with', { name: therapist.name })}</p>
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

      <BookingSection title={t('time.heading')}>
        <SlotPicker
          days={days}
          day={day}
          onDayChange={setDay}
          starts={starts.data}
          isLoading={starts.isPending && starts.fetchStatus !== 'idle'}
          loadError={starts.isError ? starts.error.message : undefined}
          onRetry={() => void starts.refetch()}
          value={startsAt}
          onChange={(next) => {
            setRefusal(undefined);
            form.setValue('startsAt', next);
          }}
          timeZone={timeZone}
          cityName={cityName}
          locale={display.locale}
        />
        {startsAt ? (
          <p className="booking__chosen">
            {t('time.chosen', { time: display.dateTime(startsAt, timeZone) })}
          </p>
        ) : null}
      </BookingSection>

      <BookingSection title={t('address.heading')}>
        <AddressCard address={address} isLoading={addresses.isPending} returnTo={returnTo} />
      </BookingSection>

      <BookingSection title={t('contact.heading')}>
        <div className="booking-field">
          <span className="booking-field__label">{t('contact.name')}</span>
          <TextField name="contactName" label={t('contact.name')} maxLength={64} autoComplete="name" />
        </div>
        {address ? (
          <div className="booking-field">
            <span className="booking-field__label">{t('contact.phone')}</span>
            <span className="booking-field__value">{address.phoneE164}</span>
            <span className="booking__hint">{t('contact.phoneHint')}</span>
          </div>
        ) : null}
      </BookingSection>

      <BookingSection title={t('travel.heading')}>
        <TravelModePicker value={travelMode} onChange={(mode) => form.setValue('travelMode', mode)} />
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
          kind="homeVisit"
          price={display.price}
          pendingText={t('price.pending')}
          error={quote.isError && !refusalOf(quote.error) ? quote.error.message : undefined}
        />
      </BookingSection>

      {refusal ? (
        <RefusalNotice refusal={refusal} rebookHref={paths.therapistList.href({ projectId: project.id })} />
      ) : null}

      <div className="booking-footer">
        <OrderAgreement />
        <SubmitButton>{t('submit')}</SubmitButton>
      </div>
    </Form>
  );
}

/** The remark (optional, at most 500 characters as the create body allows). */
export function RemarkField() {
  const { t } = useTranslation('booking');
  const { field } = useController({ name: 'remark' });
  // antd's TextArea puts aria-* on its wrapper, so the textarea is named by a label of its own.
  return (
    <>
      <label className="visually-hidden" htmlFor="booking-remark">
        {t('remark.label')}
      </label>
      <TextArea
        id="booking-remark"
        placeholder={t('remark.placeholder')}
        value={field.value ?? ''}
        onChange={field.onChange}
        maxLength={500}
        rows={2}
        showCount
      />
    </>
  );
}
