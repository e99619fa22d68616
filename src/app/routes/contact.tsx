import { Mail, MapPin, Phone } from 'lucide-react';
import { Seo } from '@/components/layout/seo';
import { contactEmails, contactFormIntro, contactHero, contactLocations } from '@/content/contact';
import { ContactForm } from '@/features/contact/components/contact-form';
import { ImageHero } from '@/features/pages/components/image-hero';
import { Section } from '@/features/pages/components/section';
import { site } from '@/lib/site';

export default function ContactPage() {
  return (
    <>
      <Seo title="Kontakt" description={contactHero.lead} path="/contact" image={contactHero.image.ogSrc} />
      <ImageHero hero={contactHero} />
      <Section title={contactLocations.title}>
        <ul className="grid gap-6 md:grid-cols-2">
          {contactLocations.items.map((location) => (
            <li key={location.name} className="rounded-lg border bg-card p-6 shadow-sm">
              <h3 className="flex items-center gap-2 text-2xl font-semibold">
                <MapPin className="h-5 w-5 text-accent" aria-hidden="true" />
                {location.name}
              </h3>
              <p className="mt-2 text-lg">{location.address}</p>
              <p className="mt-2 text-muted-foreground">{location.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={contactEmails.title} tone="muted">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {contactEmails.items.map((item) => (
            <li key={item.email} className="rounded-lg border bg-card p-5">
              <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">{item.label}</p>
              <a href={`mailto:${item.email}`} className="mt-1 inline-flex items-center gap-2 break-all text-lg font-medium text-primary underline-offset-4 hover:underline">
                <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
                {item.email}
              </a>
            </li>
          ))}
          <li className="rounded-lg border bg-card p-5">
            <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">{contactEmails.phoneLabel}</p>
            <a href={`tel:${site.phone.replace(/\s+/g, '')}`} className="mt-1 inline-flex items-center gap-2 text-lg font-medium text-primary underline-offset-4 hover:underline">
              <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
              {site.phone}
            </a>
          </li>
        </ul>
      </Section>
      <Section title={contactFormIntro.title} lead={contactFormIntro.text}>
        <div className="max-w-2xl">
          <ContactForm />
        </div>
      </Section>
    </>
  );
}
