import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

/**
 * A titled card of the dashboard, with an optional action beside the title ('Add Podcast').
 * `flush` trims the side padding for tables, so that narrow screens keep their columns in view.
 */
export function SectionCard({
  title,
  description,
  action,
  flush = false,
  className,
  children,
}: {
  title: string;
  description: string;
  action?: ReactNode;
  flush?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className={flush ? 'px-1 pb-3 sm:px-3 sm:pb-6' : 'px-4 pb-4 sm:px-6 sm:pb-6'}>{children}</CardContent>
    </Card>
  );
}
