import type { ReactNode } from 'react';

/** The shared frame of the sign-in family of pages: a calm heading and a stack of fields. */
export function AuthForm({
  heading,
  subheading,
  children,
  onSubmit,
}: {
  heading?: string;
  subheading?: string;
  children: ReactNode;
  onSubmit: () => void;
}) {
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {heading ? <h2 className="auth-form__heading">{heading}</h2> : null}
      {subheading ? <p className="auth-form__subheading">{subheading}</p> : null}
      {children}
    </form>
  );
}

export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="auth-form__row">{children}</div>;
}
