import { useState } from 'react';
import { ChatView } from '../features/chat/components/chat-view';
import { CheckDocumentLink } from '../features/checks/components/check-document-link';
import { CompletionRing } from '../features/profile/components/completion-ring';
import { OnboardingDialog } from '../features/profile/components/onboarding-dialog';
import { ProfileBanner } from '../features/profile/components/profile-banner';
import { ProfileSheet } from '../features/profile/components/profile-sheet';

/** Compliance Assistant (SPEC §2): the chat with the profile ring, banner, drawer and onboarding. */
export function ChatPage() {
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  const openProfile = () => setIsProfileOpen(true);
  return (
    <>
      <ChatView
        headerActions={
          <>
            <CheckDocumentLink />
            <CompletionRing onClick={openProfile} />
          </>
        }
        banner={<ProfileBanner onCompleteProfile={openProfile} />}
      />
      <ProfileSheet open={isProfileOpen} onOpenChange={setIsProfileOpen} />
      <OnboardingDialog />
    </>
  );
}

export { ChatPage as Component };
