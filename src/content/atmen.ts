import { Building2, Mountain, Presentation } from 'lucide-react';
import { site } from '@/lib/site';
import { image } from './images';
import type { Feature, HeroContent, LinkAction, TextSection } from './types';

export const atmenHero: HeroContent = {
  eyebrow: 'Breathwork und Sense of Breath',
  title: 'Atmen',
  lead: 'Dein Atem ist immer da. Wir zeigen dir, wie du ihn nutzt, um ruhiger, klarer und wacher zu werden.',
  image: image('atmen-hero'),
};

export const whyBreathwork: TextSection = {
  title: 'Warum Breathwork?',
  paragraphs: [
    'Wir atmen rund 20’000 Mal am Tag, die meisten davon unbewusst und oft zu flach. Beim Breathwork lenkst du deinen Atem gezielt: langsamer, tiefer, in einem bestimmten Rhythmus. Das beruhigt das Nervensystem, löst Verspannungen und schafft Raum für das, was dich gerade beschäftigt.',
    'In unseren Gruppen-Sessions und bei Sense of Breath atmen wir gemeinsam, begleitet von Musik und klaren Anleitungen. Du brauchst keine Erfahrung – nur bequeme Kleidung und etwas Neugier.',
  ],
};

export const transformationTeaser: { text: string; link: LinkAction } = {
  text: 'Möchtest du tiefer gehen? In der Transformationstherapie begleiten dich unsere Therapeutinnen über mehrere Sitzungen.',
  link: { label: 'Mehr zur Transformationstherapie', href: '/transformation' },
};

export const oneOnOne: TextSection & { link: LinkAction } = {
  title: '1:1-Session',
  paragraphs: [
    'Lieber allein? In einer Einzelsession gehen wir ganz auf dich ein: auf deine Fragen, dein Tempo und das, was du gerade brauchst. Eine Session dauert rund 90 Minuten und findet in Suhr statt.',
  ],
  link: {
    label: '1:1-Session anfragen',
    href: `mailto:${site.email}?subject=${encodeURIComponent('Anfrage 1:1 Breathwork Session')}`,
  },
};

export const corporateOffer: { title: string; lead: string; items: Feature[] } = {
  title: 'Breathwork für Unternehmen',
  lead: 'Weniger Stress, mehr Fokus und ein Team, das durchatmet: Wir bringen Breathwork in deinen Betrieb oder laden dein Team zu uns in die Natur ein.',
  items: [
    {
      icon: Presentation,
      title: 'Workshops',
      text: 'Ein halber Tag mit Grundlagen und Übungen, die sich im Arbeitsalltag sofort anwenden lassen.',
    },
    {
      icon: Building2,
      title: 'Programme',
      text: 'Regelmässige Sessions über mehrere Wochen, vor Ort oder online, für nachhaltige Wirkung.',
    },
    {
      icon: Mountain,
      title: 'Retreats',
      text: 'Ein oder zwei Tage draussen: Atmen, Kochen am Feuer und Zeit für echte Gespräche im Team.',
    },
  ],
};
