import { Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Seo } from '@/components/layout/seo';
import { contactEmails, contactFormIntro, contactHero, contactLocations } from '@/content/contact';
import { ContactForm } from '@/features/contact/components/contact-form';
import { ImageHero } from '@/features/pages/components/image-hero';
import { site } from '@/lib/site';

function ContactLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <a
      href={href}
      className="inline-flex items-center gap-2 break-all font-medium text-primary underline-offset-4 hover:underline"
    >
      {icon}
      {children}
    </a>
  );
}

export default function ContactPage() {
  return (
    <>
      <Seo title="Kontakt" description={contactHero.lead} path="/contact" image={contactHero.image.ogSrc} />
      <ImageHero hero={contactHero} />
      <div className="container grid gap-12 py-16 md:py-20 lg:grid-cols-5 lg:gap-16">
        <div className="space-y-12 lg:col-span-2">
          <section aria-labelledby="standorte-titel">
            <h2 id="standorte-titel" className="text-3xl font-semibold">
              {contactLocations.title}
            </h2>
            <ul className="mt-6 space-y-4">
              {contactLocations.items.map((location) => (
                <li key={location.name} className="rounded-lg border bg-card p-5 shadow-sm">
                  <h3 className="flex items-center gap-2 text-xl font-semibold">
                    <MapPin className="h-5 w-5 text-accent" aria-hidden="true" />
                    {location.name}
                  </h3>
                  <p className="mt-2 text-lg">{location.address}</p>
                  <p className="mt-1 text-muted-foreground">{location.text}</p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="email-titel">
            <h2 id="email-titel" className="text-3xl font-semibold">
              {contactEmails.title}
            </h2>
            <dl className="mt-6 divide-y rounded-lg border bg-card">
              {contactEmails.items.map((item) => (
                <div key={item.email} className="p-4">
                  <dt className="text-sm text-muted-foreground">{item.label}</dt>
                  <dd className="mt-1">
                    <ContactLink
                      href={`mailto:${item.email}`}
                      icon={<Mail className="h-4 w-4 shrink-0" aria-hidden="true" />}
                    >
                      {item.email}
                    </ContactLink>
                  </dd>
                </div>
              ))}
              <div className="p-4">
                <dt className="text-sm text-muted-foreground">{contactEmails.phoneLabel}</dt>
                <dd className="mt-1">
                  <ContactLink
                    href={`tel:${site.phone.replace(/\s+/g, '')}`}
                    icon={<Phone className="h-4 w-4 shrink-0" aria-hidden="true" />}
                  >
                    {site.phone}
                  </ContactLink>
                </dd>
              </div>
            </dl>
          </section>
        </div>
        <section
          aria-labelledby="formular-titel"
          className="rounded-lg border bg-card p-6 shadow-sm md:p-8 lg:col-span-3 lg:self-start"
        >
          <h2 id="formular-titel" className="text-3xl font-semibold">
            {contactFormIntro.title}
          </h2>
          <p className="mt-2 text-muted-foreground">{contactFormIntro.text}</p>
          <div className="mt-8">
            <ContactForm />
          </div>
        </section>
      </div>
    </>
  );
}
