import { heroVideos, image } from './images';
import type { CaptionedImage, LinkAction, OfferCard } from './types';

export const essenHero = {
  eyebrow: 'Naturküche',
  title: 'Essen',
  lead: 'Wir kochen über offenem Feuer, mit Kräutern vom Waldrand und Gemüse von Höfen aus der Nachbarschaft. Einfach, ehrlich und mit viel Geschmack.',
  video: heroVideos.essen,
};

export const essenIntro = {
  title: 'Kochen mit allen Sinnen',
  paragraphs: [
    'Gutes Essen beginnt lange vor dem Herd: beim Sammeln, beim Riechen, beim Warten, bis die Glut genau richtig ist. Diese Momente möchten wir mit dir teilen – am Stammtisch, in einem Workshop oder bei dir zu Hause.',
    'Unsere Küche folgt den Jahreszeiten. Im Frühling gibt es Bärlauch und Löwenzahn, im Sommer Tomaten aus dem Garten, im Herbst Pilze und Kürbis, im Winter Wurzelgemüse und Fondue.',
  ],
};

const galleryCaptions = [
  'Gegrilltes Gemüse',
  'Pfanne auf der Glut',
  'Wildkräuter im Korb',
  'Randen und Ziegenkäse',
  'Tafel unter freiem Himmel',
  'Brot, Butter, Salz',
  'Fladenbrot vom Stein',
  'Beeren aus dem Garten',
];

export const essenGallery: { title: string; items: CaptionedImage[] } = {
  title: 'Kulinarische Eindrücke',
  items: galleryCaptions.map((caption, i) => ({ caption, image: image(`essen-gallery-${i + 1}`) })),
};

export const essenServices: { title: string; items: (OfferCard & { link: LinkAction })[] } = {
  title: 'So kannst du mit uns essen',
  items: [
    {
      title: 'Stammtisch',
      text: 'Einmal im Monat an der langen Tafel: ein saisonales Menü mit Weinbegleitung für acht bis zwölf Gäste.',
      image: image('stammtisch-08'),
      link: { label: 'Zum Stammtisch', href: '/stammtisch' },
    },
    {
      title: 'Kochworkshops',
      text: 'Fermentieren, Pasta, Wildkräuter oder Trüffel: Lerne mit den Händen und iss am Schluss, was du gekocht hast.',
      image: image('workshop-pasta'),
      link: { label: 'Zu den Workshops', href: '/workshops' },
    },
    {
      title: 'Privater Naturkoch',
      text: 'Wir kochen für deinen Geburtstag, dein Firmenfest oder deine Hochzeit – draussen am Feuer oder bei dir in der Küche.',
      image: image('essen-private-chef'),
      link: { label: 'Anfrage senden', href: '/kontakt' },
    },
  ],
};
