import { LoaderCircleIcon } from 'lucide-react';

/**
 * A centred, announced loading indicator for a page. It fills the screen below the header,
 * so the footer does not show, and then jump down, while the page loads.
 */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[calc(100dvh-4rem)] flex-col items-center justify-center gap-3 text-muted-foreground">
      <LoaderCircleIcon className="size-8 motion-safe:animate-spin" aria-hidden />
      <p className="text-sm">{label}</p>
    </div>
  );
}
