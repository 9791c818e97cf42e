import { ChevronDownIcon } from 'lucide-react';
import { NavigationMenu as NavigationMenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { MENU } from '../../../shared/constants';
import { cn } from '../../lib/utils';

/**
 * SPEC §2 Menu timing: hover delay 200 ms, skip delay 300 ms. The 150 ms close delay is
 * built into Radix's NavigationMenu (MENU.closeDelayMs documents it).
 */
export function NavigationMenu({
  className,
  children,
  delayDuration = MENU.hoverDelayMs,
  skipDelayDuration = MENU.skipDelayMs,
  ...props
}: ComponentProps<typeof NavigationMenuPrimitive.Root>) {
  return (
    <NavigationMenuPrimitive.Root
      data-slot="navigation-menu"
      delayDuration={delayDuration}
      skipDelayDuration={skipDelayDuration}
      className={cn('relative flex max-w-max flex-1 items-center justify-center', className)}
      {...props}
    >
      {children}
      <div className="absolute left-0 top-full z-50 flex justify-center">
        <NavigationMenuPrimitive.Viewport className="relative mt-2 h-[var(--radix-navigation-menu-viewport-height)] w-full overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg md:w-[var(--radix-navigation-menu-viewport-width)]" />
      </div>
    </NavigationMenuPrimitive.Root>
  );
}

export function NavigationMenuList({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.List>) {
  return (
    <NavigationMenuPrimitive.List
      data-slot="navigation-menu-list"
      className={cn('flex flex-1 list-none items-center justify-center gap-0.5', className)}
      {...props}
    />
  );
}

export const NavigationMenuItem = NavigationMenuPrimitive.Item;

export const navigationMenuTriggerStyle =
  'group inline-flex h-9 w-max items-center justify-center rounded-md px-2 py-2 lg:px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-accent/60 data-[active=true]:text-primary';

export function NavigationMenuTrigger({ className, children, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Trigger>) {
  return (
    <NavigationMenuPrimitive.Trigger className={cn(navigationMenuTriggerStyle, className)} {...props}>
      {children}
      <ChevronDownIcon
        className="relative top-px ml-0.5 size-3 transition-transform duration-200 group-data-[state=open]:rotate-180"
        aria-hidden
      />
    </NavigationMenuPrimitive.Trigger>
  );
}

export function NavigationMenuContent({ className, ...props }: ComponentProps<typeof NavigationMenuPrimitive.Content>) {
  return <NavigationMenuPrimitive.Content className={cn('left-0 top-0 w-full md:absolute md:w-auto', className)} {...props} />;
}

export const NavigationMenuLink = NavigationMenuPrimitive.Link;
