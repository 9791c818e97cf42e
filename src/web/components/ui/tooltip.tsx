import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { TOAST } from '../../../shared/constants';
import { cn } from '../../lib/utils';

/** SPEC §9: tooltips open after 700 ms. */
export function TooltipProvider({ delayDuration = TOAST.tooltipDelayMs, ...props }: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn('z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md', className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
