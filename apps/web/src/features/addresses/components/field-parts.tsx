import type { ReactNode } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The field's problem, translated, right under it (the form also toasts the first one on submit). */
export function FieldError({ name, id }: { name: string; id?: string }) {
  const { t } = useTranslation();
  const { errors } = useFormState({ name });
  const message = errors[name]?.message;
  if (typeof message !== 'string' || !message) return null;
  return (
    <p className="address-form__error" id={id} role="alert">
      {t(message)}
    </p>
  );
}

/** A labelled row of the form: the label above, the control, its problem below. */
export function FieldRow({
  name,
  label,
  hint,
  controlId,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  /** The control's id, when it cannot carry its own accessible name (antd's TextArea). */
  controlId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`address-form__row address-form__row--${name}`}>
      {controlId ? (
        <label className="address-form__label" htmlFor={controlId}>
          {label}
        </label>
      ) : (
        <span className="address-form__label" aria-hidden="true">
          {label}
        </span>
      )}
      {children}
      {hint ? <p className="address-form__hint">{hint}</p> : null}
      <FieldError name={name} />
    </div>
  );
}

/** One choice among a few (title, place type): native radio buttons drawn as chips. */
export function ChoiceField({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const { field } = useController({ name });
  return (
    <fieldset className="address-form__row address-form__choices">
      <legend className="address-form__label">{legend}</legend>
      <div className="choice-chips">
        {options.map((option) => (
          <label
            key={option.value}
            className={field.value === option.value ? 'choice-chip choice-chip--on' : 'choice-chip'}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={field.value === option.value}
              onChange={() => field.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError name={name} />
    </fieldset>
  );
}
