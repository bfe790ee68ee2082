import mlima from './assets/partner-mlima.svg';
import pwani from './assets/partner-pwani.svg';
import nyota from './assets/partner-nyota.svg';
import shamba from './assets/partner-shamba.svg';

/** The four companies of the group, for the partners section. */
export const PARTNERS = [
  { name: 'Mlima Millers Ltd', town: 'Eldoret', logo: mlima },
  { name: 'Pwani Grain Mills Ltd', town: 'Mombasa', logo: pwani },
  { name: 'Nyota Agro Industries Ltd', town: 'Thika', logo: nyota },
  { name: 'Shamba Feeds Kenya Ltd', town: 'Nakuru', logo: shamba },
];
