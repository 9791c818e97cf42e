import { LogOutIcon, UserRoundIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { useSignOut } from '../../lib/session/use-sign-out';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { assistantItems, emailName, resolveNavTarget, resourceItems, signedInLinks, type NavItem } from './nav-items';
import { NavTargetLink } from './nav-target-link';
import { useNavState } from './use-nav-state';

const mobileLinkClass = 'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's 'Open menu' button, which gets the focus back when the menu closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The mobile menu's panel (SPEC §2: it mirrors the bar's items and closes when one is
 * chosen). Its own chunk: the header loads it when the menu button is first pressed.
 */
export function MobileMenu({ open, onOpenChange, triggerRef }: MobileMenuProps) {
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
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          // The trigger sits outside the Radix dialog, so the dialog cannot find it itself.
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
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
                    onOpenChange(false);
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
