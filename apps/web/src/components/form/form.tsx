import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import { type ReactNode, useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Resolver,
  type UseFormReturn,
  useForm,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showToast } from '../ui/feedback';

/**
 * The app's one form pattern: react-hook-form validated by a zod schema — the shared request schema,
 * extended where a form needs more (a repeat field, an agreement) and with i18n keys
 * (`namespace:key`) as its messages. The first problem, in field order, is shown translated; a
 * refusal from the server shows the server's localised message.
 */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form validated by `schema`. The schema may change between renders (a tab switching what is
 * asked): the latest one validates.
 */
export function useZodForm<S extends FormSchema>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = (values, context, options) =>
    (zodResolver(schemaRef.current) as Resolver<z.input<S>, unknown, z.output<S>>)(values, context, options);
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues });
}

/** The message key of the first field with a problem, in the order the form's fields were given. */
export function firstErrorMessage(errors: FieldErrors, fieldOrder: string[]): string | undefined {
  const names = [...fieldOrder, ...Object.keys(errors).filter((name) => !fieldOrder.includes(name))];
  for (const name of names) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

interface FormProps<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: (values: TOutput) => Promise<void>;
  /** A refusal the page handles itself (the banned modal): answer true to skip the message. */
  onError?: (error: unknown) => Promise<boolean>;
  className?: string;
  children: ReactNode;
}

export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  onError,
  className,
  children,
}: FormProps<TInput, TOutput>) {
  const { t } = useTranslation();
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        if (onError && (await onError(error))) return;
        showToast((error instanceof Error && error.message) || t('common:errors.unknown'));
      }
    },
    (errors) => {
      const message = firstErrorMessage(errors, Object.keys(form.formState.defaultValues ?? {}));
      if (message) showToast(t(message));
    },
  );
  return (
    <FormProvider {...form}>
      <form className={className} noValidate onSubmit={(event) => void submit(event)}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The form's submit button: busy (and not clickable) while the form checks and sends. */
export function SubmitButton({
  children,
  className,
  color = 'primary',
}: {
  children: ReactNode;
  className?: string;
  /** `danger` for an action that cannot simply be taken back. */
  color?: 'primary' | 'danger';
}) {
  const { isSubmitting } = useFormState();
  return (
    <Button
      block
      color={color}
      size="large"
      type="submit"
      loading={isSubmitting}
      disabled={isSubmitting}
      className={className}
    >
      {children}
    </Button>
  );
}
