import { Input, type InputProps } from 'antd-mobile';
import { useController } from 'react-hook-form';

type TextFieldProps = Pick<InputProps, 'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'clearable'> & {
  name: string;
  /** The accessible name; also the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  className?: string;
};

/** A text input bound to the surrounding form's field `name`. */
export function TextField({ name, label, placeholder, ...inputProps }: TextFieldProps) {
  const { field } = useController({ name });
  return (
    <Input
      {...inputProps}
      ref={field.ref}
      name={field.name}
      aria-label={label}
      placeholder={placeholder ?? label}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

/** A password input: `new-password` where one is chosen, `current-password` where one is asked. */
export function PasswordField({
  isNew = false,
  ...props
}: Omit<TextFieldProps, 'type' | 'autoComplete'> & { isNew?: boolean }) {
  return <TextField {...props} type="password" autoComplete={isNew ? 'new-password' : 'current-password'} />;
}
