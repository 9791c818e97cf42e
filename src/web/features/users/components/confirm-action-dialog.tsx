import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';

export interface PendingAction {
  title: string;
  description: ReactNode;
  /** The confirm button's label ('Disable', 'Revoke invitation'). */
  confirm: string;
  destructive?: boolean;
  run: () => Promise<void>;
}

/** Asks before an account action that is hard to undo (disable, revoke, change of role). */
export function ConfirmActionDialog({ action, onClose }: { action: PendingAction | null; onClose: () => void }) {
  return (
    <AlertDialog open={action !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{action?.title}</AlertDialogTitle>
          <AlertDialogDescription>{action?.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            variant={action?.destructive ? 'destructive' : 'default'}
            onClick={() => {
              const run = action?.run;
              onClose();
              void run?.();
            }}
          >
            {action?.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
