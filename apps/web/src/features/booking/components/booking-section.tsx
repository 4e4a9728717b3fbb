import { type ReactNode, useId } from 'react';

/** One titled card of a booking page, labelled by its heading for screen readers. */
export function BookingSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="booking-section" aria-labelledby={id}>
      <h2 className="booking-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
