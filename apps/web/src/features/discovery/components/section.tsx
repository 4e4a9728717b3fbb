import type { ReactNode } from 'react';
import '../discovery.css';

/** A titled block of a page, with an optional link-like action on the right. */
export function Section({
  title,
  action,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `disc-section ${className}` : 'disc-section'} aria-label={title}>
      <div className="disc-section__head">
        <h2 className="disc-section__title">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
