import { DesignAssistantPage } from '../features/design-assistant/components/design-assistant-page';

/** /design-assistant (SPEC §2): redirect to the Design Assistant site, or the sign-in gate. */
export { DesignAssistantPage, DesignAssistantPage as Component };
