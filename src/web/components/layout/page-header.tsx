import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** The h1 and lead paragraph that open a content page. */
export function PageHeader({ title, description, className }: { title: string; description?: ReactNode; className?: string }) {
  return (
    <div className={cn('grid gap-3', className)}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {description ? <p className="max-w-3xl text-lg text-muted-foreground">{description}</p> : null}
    </div>
  );
}

/** The standard width and padding of a content page. */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14', className)}>{children}</div>;
}
