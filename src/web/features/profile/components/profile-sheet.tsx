import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../../components/ui/sheet';
import { ProfileForm } from './profile-form';

/** SPEC §2 /chat profile drawer: the profile form in a side sheet. */
export function ProfileSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent closeLabel="Close profile" className="w-full max-w-md sm:w-[28rem]">
        <div className="grid gap-1 pr-8">
          <SheetTitle>Your profile</SheetTitle>
          <SheetDescription>Complete your details for answers tailored to your work.</SheetDescription>
        </div>
        {open ? <ProfileForm /> : null}
      </SheetContent>
    </Sheet>
  );
}
