import { HeartHandshake, Leaf, Sprout, Users } from 'lucide-react';
import { site } from '@/lib/site';
import { image } from './images';
import type { Feature, HeroContent, Profile } from './types';

export const VALUES_ANCHOR = 'was-uns-verbindet';

export const aboutHero: HeroContent = {
  eyebrow: 'Über uns',
  title: 'Zwei Menschen, eine Idee',
  lead: `Hinter ${site.name} stehen eine Köchin und ein Atemtrainer aus dem Aargau, die Genuss, Ruhe und Natur zusammenbringen wollen.`,
  image: image('ueber-uns-hero'),
};

export const aboutIntro = {
  title: 'Wie alles begann',
  paragraphs: [
    'Angefangen hat es mit einem Abendessen im Wald: ein Feuer, ein paar Freunde, ein Topf Risotto mit Bärlauch. Niemand schaute aufs Handy, alle blieben bis spät. Diesen Abend wollten wir wiederholen – und mit anderen teilen.',
    'Heute kochen wir mit Gästen am Stammtisch, leiten Breathwork-Gruppen und Workshops, begleiten Kinder durch den Wald und heizen im Winter das Fonduehüsli ein. In Suhr und Hirschthal, mit Produkten aus der Region und so viel Zeit, wie ein gutes Erlebnis braucht.',
  ],
};

export const founders: { title: string; people: Profile[] } = {
  title: 'Die Gründer',
  people: [
    {
      name: 'Lena Meier',
      role: 'Köchin und Gastgeberin',
      bio: [
        'Lena hat in Sternerestaurants gelernt und in Berghütten gekocht. Heute steht sie lieber am offenen Feuer als am Pass.',
        'Sie sammelt Wildkräuter, fermentiert alles, was nicht davonläuft, und leitet den Stammtisch, die Kochworkshops und das Fonduehüsli.',
      ],
      image: image('founder-lena'),
    },
    {
      name: 'Marco Frei',
      role: 'Breathwork-Trainer und Naturpädagoge',
      bio: [
        'Marco hat als Lehrer gearbeitet, bis er beim Atmen gemerkt hat, wie viel Ruhe in drei Minuten stecken kann.',
        'Er leitet die Breathwork-Sessions und die Angebote für Unternehmen und ist mit den Kindern bei jedem Wetter im Wald unterwegs.',
      ],
      image: image('founder-marco'),
    },
  ],
};

export const values: { title: string; lead: string; items: Feature[] } = {
  title: 'Was uns verbindet',
  lead: 'Vier Dinge, die uns bei jedem Angebot wichtig sind – ob am Herd, auf der Matte oder im Wald.',
  items: [
    {
      icon: Leaf,
      title: 'Natur als Ort',
      text: 'Wir sind so oft wie möglich draussen. Der Wald, das Feuer und die Jahreszeiten geben den Takt vor.',
    },
    {
      icon: Sprout,
      title: 'Regional und saisonal',
      text: 'Was wir kochen, kommt von Höfen aus der Umgebung, aus dem Garten oder vom Waldrand.',
    },
    {
      icon: Users,
      title: 'Kleine Gruppen',
      text: 'Wir kennen unsere Gäste beim Namen. Deshalb bleiben die Gruppen bewusst klein.',
    },
    {
      icon: HeartHandshake,
      title: 'Echte Begegnung',
      text: 'Am Ende zählt, dass du mit etwas nach Hause gehst: einem Rezept, einer Atemübung, einem neuen Kontakt.',
    },
  ],
};
