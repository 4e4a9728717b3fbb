import { Checkbox } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';

/** A checkbox bound to the surrounding form's boolean field `name`; its children are its label. */
export function CheckboxField({
  name,
  className,
  children,
}: {
  name: string;
  className?: string;
  children: ReactNode;
}) {
  const { field } = useController({ name });
  return (
    <Checkbox checked={Boolean(field.value)} onChange={field.onChange} className={className}>
      {children}
    </Checkbox>
  );
}
