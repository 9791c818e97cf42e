import { BridgeIcon, DropletsIcon, MountainIcon, NetworkIcon, RadioTowerIcon, TrainTrackIcon, ZapIcon, type LucideIcon } from 'lucide-react';
import type { DisciplineCard } from '../content/disciplines';

export const DISCIPLINE_ICONS: Record<DisciplineCard['icon'], LucideIcon> = {
  track: TrainTrackIcon,
  structures: BridgeIcon,
  geotechnical: MountainIcon,
  drainage: DropletsIcon,
  signalling: RadioTowerIcon,
  electrical: ZapIcon,
  systems: NetworkIcon,
};
