import { MainContent } from '../../../components/layout/main-content';
import { FlyerContent } from './flyer-content';
import { FlyerFooter, FlyerHeader } from './flyer-frame';
import { ProtectedContentGate } from './protected-content-gate';

/**
 * SPEC §2 /flyer (noindex through the page meta in app/page-meta.ts): the investor flyer behind
 * the shared-password gate of `investor_flyer`. It stands on its own (a standalone route in
 * app/router.tsx): its header with 'Visit Website' and its footer, locked or not, and none of the
 * site's navigation bar and footer.
 */
export function FlyerPage() {
  return (
    <>
      <FlyerHeader />
      <MainContent>
        <ProtectedContentGate resource="investor_flyer" description="This page is for investors and sponsors. Enter the password you were given to continue.">
          <FlyerContent />
        </ProtectedContentGate>
      </MainContent>
      <FlyerFooter />
    </>
  );
}
