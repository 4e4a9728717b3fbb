import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '../../../components/form/form';

/** The shared frame of the sign-in family of pages: a calm heading and a stack of fields. */
export function AuthForm<TInput extends FieldValues, TOutput>({
  heading,
  subheading,
  children,
  ...formProps
}: {
  heading?: string;
  subheading?: string;
  children: ReactNode;
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: (values: TOutput) => Promise<void>;
  onError?: (error: unknown) => Promise<boolean>;
}) {
  return (
    <Form className="auth-form" {...formProps}>
      {heading ? <h2 className="auth-form__heading">{heading}</h2> : null}
      {subheading ? <p className="auth-form__subheading">{subheading}</p> : null}
      {children}
    </Form>
  );
}

export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="auth-form__row">{children}</div>;
}
