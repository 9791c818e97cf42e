import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

/**
 * A card of the Users tab: a section named by its title, with a description and an optional
 * control beside the title (a search box). `flush` trims the side padding for tables.
 */
export function TitledCard({
  title,
  description,
  action,
  flush = false,
  className,
  children,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
  flush?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    // Inline-size containment: a wide table scrolls inside the card instead of widening the dashboard on phones.
    <Card role="region" aria-labelledby={titleId} className={cn('min-w-0 [contain:inline-size]', className)}>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 p-4 sm:p-6">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <CardTitle id={titleId}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className={flush ? 'px-1 pb-3 sm:px-3 sm:pb-6' : 'px-4 pb-4 sm:px-6 sm:pb-6'}>{children}</CardContent>
    </Card>
  );
}
