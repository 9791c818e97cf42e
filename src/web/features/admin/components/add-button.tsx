import { LoaderCircleIcon, PlusIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The submit button of an add form: 'Adding...' with a spinner while the row is saved. */
export function AddButton({ label, busy, className }: { label: string; busy: boolean; className?: string }) {
  return (
    <Button type="submit" disabled={busy} className={className}>
      {busy ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden /> : <PlusIcon aria-hidden />}
      {busy ? 'Adding...' : label}
    </Button>
  );
}
