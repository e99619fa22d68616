// Site facts in one place. Every value can be overridden at build time with a VITE_ variable
// (documented in .env.example), so the provider changes contact data without touching code.
const env = import.meta.env;

function pick(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

export interface NavItem {
  label: string;
  href: string;
}

export const site = {
  name: pick(env.VITE_SITE_NAME, 'Sinneswerk'),
  url: pick(env.VITE_SITE_URL, 'https://www.sinneswerk.ch'),
  version: '1.0.0',
  email: pick(env.VITE_CONTACT_EMAIL, 'hallo@sinneswerk.ch'),
  phone: pick(env.VITE_CONTACT_PHONE, '+41 79 123 45 67'),
  /** Number for the messaging-app chat, digits only with country code. */
  messagingNumber: pick(env.VITE_MESSAGING_NUMBER, '41791234567'),
  locations: [
    { name: 'Suhr', address: pick(env.VITE_ADDRESS_SUHR, 'Tramstrasse 12, 5034 Suhr') },
    { name: 'Hirschthal', address: pick(env.VITE_ADDRESS_HIRSCHTHAL, 'Waldweg 3, 5042 Hirschthal') },
  ],
  /** Where the Stammtisch takes place: one value for the contact page, events and samples. */
  stammtischPlace: 'Hirschthal' as string,
  socialFeedWidgetUrl: pick(
    env.VITE_SOCIAL_FEED_WIDGET_URL,
    'https://cdn.lightwidget.com/widgets/lightwidget.js',
  ),
  social: {
    instagram: pick(env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/sinneswerk'),
    facebook: pick(env.VITE_FACEBOOK_URL, 'https://www.facebook.com/sinneswerk'),
  },
  defaultOgImage: '/og-image.jpg',
} as const;

export const mainNav: NavItem[] = [
  { label: 'Essen', href: '/essen' },
  { label: 'Atmen', href: '/atmen' },
  { label: 'Spielen', href: '/kids' },
  { label: 'Events', href: '/events' },
  { label: 'Fonduehüsli', href: '/fonduehusli' },
  { label: 'Stories', href: '/stories' },
  { label: 'Über uns', href: '/ueber-uns' },
  { label: 'Kontakt', href: '/contact' },
];

export const footerNav: NavItem[] = [
  { label: 'Essen', href: '/essen' },
  { label: 'Events', href: '/events' },
  { label: 'Atmen', href: '/atmen' },
  { label: 'Über uns', href: '/ueber-uns' },
  { label: 'Spielen', href: '/kids' },
  { label: 'Stories', href: '/stories' },
  { label: 'Gutscheine', href: '/gutscheine' },
  { label: 'Impressum', href: '/impressum' },
  { label: 'Datenschutz', href: '/datenschutz' },
];

export const adminNavItem: NavItem = { label: 'Admin Dashboard', href: '/admin/dashboard' };

export function messagingChatUrl(): string {
  return `https://wa.me/${site.messagingNumber}`;
}
