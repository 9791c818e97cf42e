import type { ChatDiscipline } from '../../../../shared/constants';
import { paths } from '../../../app/paths';

/**
 * SPEC §2 /disciplines: the seven advisor cards. `chatDiscipline` is the Compliance
 * Assistant discipline the advisor opens with (the chat knows SPEC §9's six); `path` is the
 * discipline's own page where there is one.
 */
export interface DisciplineCard {
  title: string;
  description: string;
  chatDiscipline: ChatDiscipline;
  path?: string;
  icon: 'track' | 'structures' | 'geotechnical' | 'drainage' | 'signalling' | 'electrical' | 'systems';
}

export const DISCIPLINE_CARDS: readonly DisciplineCard[] = [
  {
    title: 'Track Engineering',
    description: 'Track geometry, classes of track and speeds, rail and crossties, continuous welded rail, turnouts and track inspection.',
    chatDiscipline: 'Track and Civil',
    path: paths.disciplineTrack,
    icon: 'track',
  },
  {
    title: 'Civil Structures',
    description: 'Bridge management programs, load capacity ratings, bridge inspection scheduling, special inspections and repairs.',
    chatDiscipline: 'Structures',
    path: paths.disciplineStructures,
    icon: 'structures',
  },
  {
    title: 'Geotechnical',
    description: 'Roadbed and ballast support, subgrade, slope and formation issues, and inspections after floods and storms.',
    chatDiscipline: 'Track and Civil',
    path: paths.disciplineGeotechnical,
    icon: 'geotechnical',
  },
  {
    title: 'Drainage',
    description: 'Drainage under and beside the roadbed, culverts and water-carrying facilities, scour and water damage to track.',
    chatDiscipline: 'Track and Civil',
    icon: 'drainage',
  },
  {
    title: 'Signalling',
    description: 'Highway-rail grade crossing warning systems: maintenance, inspection and testing, malfunction response and records.',
    chatDiscipline: 'Signaling',
    path: paths.disciplineSignalling,
    icon: 'signalling',
  },
  {
    title: 'Electrical Systems',
    description: 'Locomotive electrical safety, current collectors and third-rail shoes, grounding, high-voltage markings and locomotive electronics.',
    chatDiscipline: 'Electrical',
    path: paths.disciplineElectrical,
    icon: 'electrical',
  },
  {
    title: 'Systems Engineering',
    description: 'Train brake systems, end-of-train devices, radio and wireless communication rules, and how the disciplines interface.',
    chatDiscipline: 'Operation and Train Controls',
    icon: 'systems',
  },
];
