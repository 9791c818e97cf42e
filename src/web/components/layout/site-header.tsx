import { LogOutIcon, MenuIcon, TrainFrontIcon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { useIsAdmin } from '../../features/auth/api/get-roles';
import { useSession } from '../../features/auth/hooks/use-session';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { useAppConfig } from '../../lib/app-config';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
  navigationMenuTriggerStyle,
} from '../ui/navigation-menu';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet';
import { assistantItems, emailName, resolveNavTarget, resourceItems, signedInLinks, type NavItem } from './nav-items';
import { NavTargetLink } from './nav-target-link';
import { ThemeToggle } from './theme-toggle';

function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight"
      aria-label="Trackside home"
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <TrainFrontIcon className="size-5" aria-hidden />
      </span>
      <span className="text-lg md:hidden lg:inline">Trackside</span>
    </Link>
  );
}

function useNavState() {
  const { status, user } = useSession();
  const isAdmin = useIsAdmin();
  const { externalUrls } = useAppConfig();
  const isSignedIn = status === 'signed-in';
  return { status, user, isSignedIn, isAdmin: isSignedIn && isAdmin, externalUrls };
}

function MenuList({ items }: { items: readonly NavItem[] }) {
  const { isSignedIn, externalUrls } = useNavState();
  return (
    <ul className="grid w-[min(90vw,26rem)] gap-1 p-2">
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <li key={item.title}>
            <NavigationMenuLink asChild>
              <NavTargetLink
                navTarget={resolveNavTarget(item, isSignedIn, externalUrls)}
                className="flex gap-3 rounded-md p-3 hover:bg-accent focus-visible:bg-accent"
              >
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span className="grid gap-1">
                  <span className="text-sm font-medium leading-none">{item.title}</span>
                  <span className="text-sm leading-snug text-muted-foreground">{item.description}</span>
                </span>
              </NavTargetLink>
            </NavigationMenuLink>
          </li>
        );
      })}
    </ul>
  );
}

function DesktopNav() {
  const { isSignedIn, isAdmin } = useNavState();
  const location = useLocation();
  const renderLink = (link: { title: string; path: string }) => (
    <NavigationMenuItem key={link.path}>
      <NavigationMenuLink asChild active={location.pathname === link.path}>
        <Link to={link.path} className={navigationMenuTriggerStyle}>
          {link.title}
        </Link>
      </NavigationMenuLink>
    </NavigationMenuItem>
  );
  return (
    <NavigationMenu className="hidden md:flex" aria-label="Main">
      <NavigationMenuList>
        {renderLink({ title: 'About', path: paths.about })}
        <NavigationMenuItem>
          <NavigationMenuTrigger>AI Assistants</NavigationMenuTrigger>
          <NavigationMenuContent>
            <MenuList items={assistantItems} />
          </NavigationMenuContent>
        </NavigationMenuItem>
        <NavigationMenuItem>
          <NavigationMenuTrigger>Resources</NavigationMenuTrigger>
          <NavigationMenuContent>
            <MenuList items={resourceItems} />
          </NavigationMenuContent>
        </NavigationMenuItem>
        {isSignedIn ? signedInLinks(isAdmin).map(renderLink) : null}
      </NavigationMenuList>
    </NavigationMenu>
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

const mobileLinkClass = 'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent';

function MobileNav() {
  const [open, setOpen] = useState(false);
  const { status, user, isSignedIn, isAdmin, externalUrls } = useNavState();
  const handleSignOut = useSignOut();
  const { pathname } = useLocation();
  const links = isSignedIn ? signedInLinks(isAdmin) : [];

  const renderLink = (link: { title: string; path: string }) => (
    <li key={link.path}>
      <SheetClose asChild>
        <Link
          to={link.path}
          aria-current={pathname === link.path ? 'page' : undefined}
          className={cn(mobileLinkClass, pathname === link.path && 'text-primary')}
        >
          {link.title}
        </Link>
      </SheetClose>
    </li>
  );

  const renderGroup = (title: string, items: readonly NavItem[]) => (
    <div className="grid gap-1">
      <p className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</p>
      <ul className="grid gap-1">
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.title}>
              <SheetClose asChild>
                <NavTargetLink navTarget={resolveNavTarget(item, isSignedIn, externalUrls)} className={mobileLinkClass}>
                  <Icon className="size-4 text-primary" aria-hidden />
                  {item.title}
                </NavTargetLink>
              </SheetClose>
            </li>
          );
        })}
      </ul>
    </div>
  );

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <MenuIcon className="size-5" aria-hidden />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="grid gap-5">
          <ul className="grid gap-1">{renderLink({ title: 'About', path: paths.about })}</ul>
          {renderGroup('AI Assistants', assistantItems)}
          {renderGroup('Resources', resourceItems)}
          {links.length > 0 ? <ul className="grid gap-1 border-t pt-4">{links.map(renderLink)}</ul> : null}
          <div className="border-t pt-4">
            {status === 'loading' ? (
              <Button disabled className="w-full">
                Loading...
              </Button>
            ) : isSignedIn ? (
              <div className="grid gap-3">
                <p className="flex items-center gap-2 px-3 text-sm text-muted-foreground">
                  <UserRoundIcon className="size-4" aria-hidden />
                  <span className="truncate">{emailName(user?.email)}</span>
                </p>
                <Button
                  variant="outline"
                  className="w-full"
                  onClick={() => {
                    setOpen(false);
                    void handleSignOut();
                  }}
                >
                  <LogOutIcon aria-hidden />
                  Sign Out
                </Button>
              </div>
            ) : (
              <SheetClose asChild>
                <Button asChild className="w-full">
                  <Link to={paths.login}>Sign In</Link>
                </Button>
              </SheetClose>
            )}
          </div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

/** SPEC §2 Navigation bar, with a mobile menu below the md breakpoint. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:gap-3 lg:px-6">
        <Logo />
        <DesktopNav />
        <div className="ml-auto flex items-center gap-1">
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
