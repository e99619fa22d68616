import { image } from './images';
import type { HeroContent } from './types';

export const storiesHero: HeroContent = {
  eyebrow: 'Stories',
  title: 'Geschichten aus Küche und Wald',
  lead: 'Rezepte, Gedanken und Erlebnisse aus unserem Alltag – und was gerade auf Instagram los ist.',
  image: image('stories-hero'),
};

export const storiesText = {
  listTitle: 'Aus unserem Blog',
  empty: 'Noch keine Beiträge – schau bald wieder vorbei.',
  listError: 'Die Beiträge konnten gerade nicht geladen werden. Bitte versuche es später erneut.',
  readMore: 'Weiterlesen',
  feedTitle: 'Auf Instagram',
  feedProfileLink: 'Folge uns auf Instagram',
  listLoading: 'Beiträge werden geladen',
  feedLoading: 'Instagram-Feed wird geladen…',
  feedError: 'Fehler beim Laden des Instagram-Feeds',
  backToList: 'Zurück zur Übersicht',
  notFound: 'Blog-Beitrag nicht gefunden',
  loadError: 'Fehler beim Laden des Blog-Beitrags. Bitte versuche es später erneut.',
  imageError: 'Bild konnte nicht geladen werden.',
  loadingPost: 'Beitrag wird geladen…',
};
