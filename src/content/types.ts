import type { LucideIcon } from 'lucide-react';
import type { ImageAsset } from './images';

// Shapes shared by the page copy modules in this folder.

export interface LinkAction {
  label: string;
  href: string;
}

export interface HeroContent {
  eyebrow?: string;
  title: string;
  lead: string;
  image: ImageAsset;
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

export interface OfferCard {
  title: string;
  text: string;
  image: ImageAsset;
  link?: LinkAction;
}

export interface Profile {
  name: string;
  role: string;
  bio: string[];
  image: ImageAsset;
  email?: string;
}

export interface CaptionedImage {
  image: ImageAsset;
  caption: string;
}

export interface TextSection {
  title: string;
  paragraphs: string[];
}
