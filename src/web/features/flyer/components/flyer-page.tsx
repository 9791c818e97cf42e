import { FlyerContent } from './flyer-content';
import { ProtectedContentGate } from './protected-content-gate';

/** SPEC §2 /flyer (noindex through the page meta in app/page-meta.ts): the investor flyer behind the shared-password gate of `investor_flyer`. */
export function FlyerPage() {
  return (
    <ProtectedContentGate resource="investor_flyer" description="This page is for investors and sponsors. Enter the password you were given to continue.">
      <FlyerContent />
    </ProtectedContentGate>
  );
}
