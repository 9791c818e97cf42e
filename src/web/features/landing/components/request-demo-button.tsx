import { CalendarCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { cn } from '../../../lib/utils';
import { buttonVariants } from '../../../components/ui/button';

/**
 * SPEC §2: the floating 'Request a Demo' button, hidden under 768 px. It sits above the
 * Ask AI button (bottom right) so the two never overlap.
 */
export function RequestDemoButton() {
  return (
    <Link to={paths.requestDemo} className={cn(buttonVariants({ size: 'lg' }), 'fixed bottom-40 right-6 z-40 hidden rounded-full shadow-lg md:inline-flex')}>
      <CalendarCheckIcon aria-hidden />
      Request a Demo
    </Link>
  );
}
