import { MessageCircle } from 'lucide-react';
import { messagingChatUrl } from '@/lib/site';

/** Floating chat button: opens the messaging app with the provider's number in a new tab. */
export function ContactButton() {
  return (
    <a
      href={messagingChatUrl()}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed bottom-4 right-4 z-40 inline-flex items-center gap-2 rounded-full bg-accent px-4 py-3 text-sm font-semibold text-accent-foreground shadow-lg shadow-black/20 transition-transform hover:-translate-y-0.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:bottom-6 sm:right-6"
    >
      <MessageCircle className="h-5 w-5" aria-hidden="true" />
      Kontakt aufnehmen
    </a>
  );
}
