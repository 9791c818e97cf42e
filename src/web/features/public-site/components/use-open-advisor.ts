import { useNavigate } from 'react-router';
import type { ChatDiscipline } from '../../../../shared/constants';
import { paths } from '../../../app/paths';

/**
 * SPEC §2 /disciplines: an advisor button goes to /login with `redirectAfterLogin` /chat and
 * the discipline; /login sends a signed-in visitor straight on to the chat with it.
 */
export function useOpenAdvisor() {
  const navigate = useNavigate();
  return (selectedDiscipline: ChatDiscipline) => void navigate(paths.login, { state: { redirectAfterLogin: paths.chat, selectedDiscipline } });
}
