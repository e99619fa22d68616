import { image } from './images';
import { teamEmail } from './team-email';
import type { HeroContent, Profile, TextSection } from './types';

export const transformationHero: HeroContent = {
  eyebrow: 'Begleitung über mehrere Sitzungen',
  title: 'Transformationstherapie',
  lead: 'Manchmal reicht ein guter Atemzug nicht. Wenn du alte Muster lösen und Neues wagen möchtest, begleiten wir dich Schritt für Schritt.',
  image: image('transformation-hero'),
};

export const transformationIntro: TextSection = {
  title: 'Was ist Transformationstherapie?',
  paragraphs: [
    'Die Transformationstherapie verbindet Gespräch, Atemarbeit und Körperwahrnehmung. Gemeinsam schauen wir an, was dich festhält, und erarbeiten, wie du es verändern kannst – in deinem Tempo und mit Respekt vor deiner Geschichte.',
    'Das erste Gespräch dient dem Kennenlernen und ist unverbindlich. Danach entscheidest du, ob und wie du weitermachen möchtest. Eine Sitzung dauert 60 bis 90 Minuten.',
  ],
};

export const therapists: { title: string; people: (Profile & { email: string })[] } = {
  title: 'Unsere Therapeutinnen',
  people: [
    {
      name: 'Sandra Keller',
      role: 'Transformationstherapeutin und Atemcoach',
      bio: [
        'Sandra arbeitet seit über zehn Jahren mit Menschen in Umbruchphasen: nach einem Jobwechsel, einer Trennung oder einer Krankheit.',
        'Sie verbindet Gesprächstherapie mit Atemarbeit und hat ein feines Gespür für das, was zwischen den Worten liegt.',
      ],
      image: image('therapist-sandra'),
      email: teamEmail('sandra'),
    },
    {
      name: 'Nadia Brunner',
      role: 'Körpertherapeutin',
      bio: [
        'Nadia kommt aus der Körperarbeit und weiss, dass sich vieles erst im Körper zeigt, bevor wir es in Worte fassen können.',
        'Ihre Sitzungen sind ruhig, klar und geerdet – oft auch draussen im Wald.',
      ],
      image: image('therapist-nadia'),
      email: teamEmail('nadia'),
    },
  ],
};
