import type { ReactNode } from 'react';

/** A titled band of a marketing page: heading (the section's accessible name), optional lead, content. */
export function PageSection({
  id,
  title,
  lead,
  children,
  className,
  width = 'max-w-7xl',
}: {
  id: string;
  title: string;
  lead?: string | undefined;
  children: ReactNode;
  className?: string | undefined;
  /** The content's max-width class. */
  width?: 'max-w-7xl' | 'max-w-6xl';
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className={`mx-auto grid w-full ${width} gap-8 px-4 py-14 sm:px-6 sm:py-20`}>
        <div className="grid max-w-3xl gap-3">
          <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {lead ? <p className="text-muted-foreground sm:text-lg">{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
