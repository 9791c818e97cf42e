import { BriefcaseBusinessIcon, GlobeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';

/** SPEC §2 /flyer: the flyer's own header, with 'Visit Website' to /, in place of the site's navigation bar. */
export function FlyerHeader() {
  return (
    <header className="border-b bg-background/95">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <BriefcaseBusinessIcon className="size-4 text-primary" aria-hidden />
          Trackside · Investor brief
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.home}>
            <GlobeIcon aria-hidden />
            Visit Website
          </Link>
        </Button>
      </div>
    </header>
  );
}

/** SPEC §9: the flyer's copyright year is fixed (the site's footer shows the current year). */
export const FLYER_COPYRIGHT_YEAR = 2024;

/** SPEC §2 /flyer: the flyer's one footer, in place of the site's. */
export function FlyerFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-6">
        <p>© {FLYER_COPYRIGHT_YEAR} Trackside. All rights reserved.</p>
        <p>Confidential: prepared for prospective investors and sponsors.</p>
      </div>
    </footer>
  );
}
