import { ContactPage } from '../features/leads/components/contact-page';

/** /contact (SPEC §2): our contact form, or the configured external one. */
export { ContactPage, ContactPage as Component };
