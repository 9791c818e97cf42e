import { LoaderCircleIcon } from 'lucide-react';

/** A centred, announced loading indicator. */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <LoaderCircleIcon className="size-8 motion-safe:animate-spin" aria-hidden />
      <p className="text-sm">{label}</p>
    </div>
  );
}
