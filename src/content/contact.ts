import { site } from '@/lib/site';
import { image } from './images';
import { teamEmail } from './team-email';
import type { HeroContent } from './types';

export const contactHero: HeroContent = {
  eyebrow: 'Kontakt',
  title: 'Schreib uns',
  lead: 'Eine Frage zu einem Angebot, eine Idee für deinen Anlass oder einfach ein Hallo – wir melden uns in der Regel innert zwei Arbeitstagen.',
  image: image('contact-hero'),
};

export const contactLocations = {
  title: 'Hier findest du uns',
  items: [
    {
      name: site.locations[0].name,
      address: site.locations[0].address,
      text:
        site.stammtischPlace === site.locations[0].name
          ? 'Küche, Workshops, Stammtisch und Breathwork-Raum.'
          : 'Küche, Workshops und Breathwork-Raum.',
    },
    {
      name: site.locations[1].name,
      address: site.locations[1].address,
      text:
        site.stammtischPlace === site.locations[1].name
          ? 'Stammtisch, Waldplatz für die Kinderprogramme und das Fonduehüsli.'
          : 'Waldplatz für die Kinderprogramme und das Fonduehüsli.',
    },
  ],
};

export const contactEmails = {
  title: 'Direkt per E-Mail',
  items: [
    { label: 'Allgemeine Fragen', email: site.email },
    { label: 'Events und Anmeldungen', email: teamEmail('events') },
    { label: 'Fonduehüsli', email: teamEmail('fondue') },
    { label: 'Firmenangebote', email: teamEmail('business') },
  ],
  phoneLabel: 'Telefon',
};

export const contactFormIntro = {
  title: 'Kontaktformular',
  text: 'Fülle das Formular aus, und wir melden uns bei dir.',
};
