import { FileCheck2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '../../../../shared/messages';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';

/** The way from the Compliance Assistant to the document check (its words hide on a phone, where the bar is narrow). */
export function CheckDocumentLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.checks} aria-label={messages.checkPage.chatLink}>
        <FileCheck2Icon aria-hidden />
        <span className="hidden sm:inline">{messages.checkPage.chatLink}</span>
      </Link>
    </Button>
  );
}
