import { ChevronDownIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { MENU } from '../../../shared/ui-constants';
import { paths } from '../../app/paths';
import { cn } from '../../lib/utils';
import { assistantItems, resolveNavTarget, resourceItems, signedInLinks, type NavItem } from './nav-items';
import { NavTargetLink } from './nav-target-link';
import { useNavState } from './use-nav-state';

const itemStyle =
  'group inline-flex h-9 w-max items-center justify-center rounded-md px-2 py-2 lg:px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring aria-expanded:bg-accent/60 aria-[current=page]:text-primary';

/**
 * Which of the bar's menus is open, with SPEC §2's timing: a menu opens 200 ms after the
 * pointer rests on its trigger, at once when another menu was open less than 300 ms ago, and
 * closes 150 ms after the pointer leaves it. A click or Enter toggles it (a click on a menu the
 * pointer has just opened keeps it open).
 */
function useMenus() {
  const [open, setOpenState] = useState<string | null>(null);
  const openRef = useRef<string | null>(null);
  // A menu opened by hovering stays open when its trigger is then clicked (the click pins it).
  const openedByHover = useRef(false);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const skipDelayUntil = useRef(0);
  // A menu closed by a click stays closed while the pointer stays on its trigger.
  const closedByClick = useRef<string | null>(null);

  const setOpen = useCallback((value: string | null, byHover = false) => {
    if (value === null && openRef.current !== null) skipDelayUntil.current = Date.now() + MENU.skipDelayMs;
    openRef.current = value;
    openedByHover.current = byHover;
    setOpenState(value);
  }, []);
  const clearTimers = useCallback(() => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  }, []);
  const close = useCallback(() => {
    clearTimers();
    setOpen(null);
  }, [clearTimers, setOpen]);
  const closeSoon = useCallback(() => {
    clearTimers();
    closeTimer.current = window.setTimeout(close, MENU.closeDelayMs);
  }, [clearTimers, close]);
  useEffect(() => clearTimers, [clearTimers]);

  const triggerProps = (value: string) => ({
    onPointerEnter(event: PointerEvent) {
      if (event.pointerType !== 'mouse' || closedByClick.current === value) return;
      clearTimers();
      if (openRef.current === value) return;
      if (openRef.current !== null || Date.now() < skipDelayUntil.current) setOpen(value, true);
      else openTimer.current = window.setTimeout(() => setOpen(value, true), MENU.hoverDelayMs);
    },
    onPointerLeave(event: PointerEvent) {
      if (event.pointerType !== 'mouse') return;
      closedByClick.current = null;
      closeSoon();
    },
    onClick() {
      clearTimers();
      if (openRef.current !== value) {
        setOpen(value);
      } else if (openedByHover.current) {
        openedByHover.current = false;
      } else {
        closedByClick.current = value;
        close();
      }
    },
  });
  const contentProps = {
    onPointerEnter(event: PointerEvent) {
      if (event.pointerType === 'mouse') window.clearTimeout(closeTimer.current);
    },
    onPointerLeave(event: PointerEvent) {
      if (event.pointerType === 'mouse') closeSoon();
    },
  };
  return { open, close, triggerProps, contentProps };
}

type Menus = ReturnType<typeof useMenus>;

/** One disclosure menu of the bar: a button that shows or hides its list of links. */
function Menu({ value, title, items, menus }: { value: string; title: string; items: readonly NavItem[]; menus: Menus }) {
  const { isSignedIn, externalUrls } = useNavState();
  const contentId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isOpen = menus.open === value;

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      menus.close();
      triggerRef.current?.focus();
    }
  }
  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (isOpen && !event.currentTarget.contains(event.relatedTarget)) menus.close();
  }

  return (
    <li className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        className={itemStyle}
        aria-expanded={isOpen}
        aria-controls={isOpen ? contentId : undefined}
        {...menus.triggerProps(value)}
      >
        {title}
        <ChevronDownIcon className="relative top-px ml-0.5 size-3 transition-transform duration-200 group-aria-expanded:rotate-180" aria-hidden />
      </button>
      {isOpen ? (
        <div
          id={contentId}
          className="absolute left-0 top-full z-50 mt-2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
          {...menus.contentProps}
        >
          <ul className="grid w-[min(90vw,26rem)] gap-1 p-2">
            {items.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.title}>
                  <NavTargetLink
                    navTarget={resolveNavTarget(item, isSignedIn, externalUrls)}
                    className="flex gap-3 rounded-md p-3 hover:bg-accent focus-visible:bg-accent"
                    onClick={menus.close}
                  >
                    <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                    <span className="grid gap-1">
                      <span className="text-sm font-medium leading-none">{item.title}</span>
                      <span className="text-sm leading-snug text-muted-foreground">{item.description}</span>
                    </span>
                  </NavTargetLink>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** SPEC §2 Navigation bar at md and up: About, the two menus, and the signed-in links. */
export function DesktopNav() {
  const { isSignedIn, isAdmin } = useNavState();
  const { pathname } = useLocation();
  const menus = useMenus();
  const navRef = useRef<HTMLElement>(null);
  const { open, close } = menus;

  // A page change, or a press anywhere outside the bar, closes an open menu.
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (open === null) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const renderLink = (link: { title: string; path: string }) => (
    <li key={link.path}>
      <Link to={link.path} className={cn(itemStyle)} aria-current={pathname === link.path ? 'page' : undefined}>
        {link.title}
      </Link>
    </li>
  );
  return (
    <nav ref={navRef} aria-label="Main" className="relative hidden max-w-max flex-1 items-center justify-center md:flex">
      <ul className="flex flex-1 list-none items-center justify-center gap-0.5">
        {renderLink({ title: 'About', path: paths.about })}
        <Menu value="assistants" title="AI Assistants" items={assistantItems} menus={menus} />
        <Menu value="resources" title="Resources" items={resourceItems} menus={menus} />
        {isSignedIn ? signedInLinks(isAdmin).map(renderLink) : null}
      </ul>
    </nav>
  );
}
