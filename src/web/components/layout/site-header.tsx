import { LogOutIcon, MenuIcon, TrainFrontIcon, UserRoundIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { useSignOut } from '../../lib/session/use-sign-out';
import { takeEarlyTap } from '../../lib/early-taps';
import { Button } from '../ui/button';
import { DesktopNav } from './desktop-nav';
import { emailName } from './nav-items';
import { NoticesBell } from './notices-bell';
import { ThemeToggle } from './theme-toggle';
import { useNavState } from './use-nav-state';

function Logo() {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight" aria-label="Trackside home">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <TrainFrontIcon className="size-5" aria-hidden />
      </span>
      <span className="text-lg md:hidden lg:inline">Trackside</span>
    </Link>
  );
}

function AccountControls() {
  const { status, user } = useNavState();
  const handleSignOut = useSignOut();
  if (status === 'loading') {
    return (
      <Button size="sm" disabled>
        Loading...
      </Button>
    );
  }
  if (status === 'signed-out') {
    return (
      <Button size="sm" asChild>
        <Link to={paths.login}>Sign In</Link>
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <span className="hidden max-w-28 items-center gap-1.5 truncate text-sm text-muted-foreground lg:flex xl:max-w-40" title={user?.email}>
        <UserRoundIcon className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{emailName(user?.email)}</span>
      </span>
      <Button size="sm" variant="outline" onClick={() => void handleSignOut()}>
        <LogOutIcon aria-hidden className="hidden xl:block" />
        Sign Out
      </Button>
    </div>
  );
}

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/**
 * The mobile menu's button. The button is part of the page (it hydrates with the header);
 * the menu's panel and its dialog library load when the button is first touched, and the
 * panel opens as soon as they have arrived.
 */
function MobileNav() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadMobileMenu();

  // A tap before the page was interactive (src/web/lib/early-taps.ts) is replayed now.
  useEffect(() => {
    if (takeEarlyTap('mobile-menu')) triggerRef.current?.click();
  }, []);
  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        data-early-tap="mobile-menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-5" aria-hidden />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * SPEC §2 Navigation bar, with a mobile menu below the md breakpoint. `actions` sit before the
 * theme toggle (the Ask AI button, which the app layout passes in).
 */
export function SiteHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80 framed:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:gap-3 lg:px-6">
        <Logo />
        <DesktopNav />
        <div className="ml-auto flex items-center gap-1">
          {actions}
          <NoticesBell />
          <ThemeToggle />
          <div className="hidden md:block">
            <AccountControls />
          </div>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
