import { site } from '@/lib/site';
import { afterTheEvent, retentionPeriod } from '@/lib/retention-period';
import type { RetentionDays } from '@/lib/retention-days';
import type { TextSection } from './types';

const [suhr] = site.locations;

/**
 * What the page promises about keeping data, rule by rule, worded for the days the database's
 * retention_rules hold (issue 30): the nightly job runs those days, the provider changes them in
 * 'Einstellungen' (which shows these sentences as the page will print them), and the page reads
 * them when it is built and again in the browser. tests/db/privacy-page.test.ts holds the rules
 * and the promises together.
 */
export const retentionPromises: readonly { rule: string; text: (days: number) => string }[] = [
  {
    rule: 'mail_payload',
    text: (days) =>
      `Versendete E-Mails: Inhalt und Adresse löschen wir ${retentionPeriod(days)} nach dem Versand.`,
  },
  {
    rule: 'newsletter_unconfirmed',
    text: (days) =>
      `Nicht bestätigte Newsletter-Anmeldungen löschen wir ${retentionPeriod(days)} nach der Anmeldung.`,
  },
  { rule: 'waitlist', text: (days) => `Wartelisten-Einträge löschen wir${afterTheEvent(days)}.` },
  {
    rule: 'enquiry',
    text: (days) => `Erledigte Anfragen anonymisieren wir ${retentionPeriod(days)} nach der Erledigung.`,
  },
  {
    rule: 'participant_contact',
    text: (days) =>
      `E-Mail-Adresse, Telefonnummer, Bemerkungen und Antworten von Teilnehmenden entfernen wir${afterTheEvent(days)}.`,
  },
  {
    rule: 'admin_message',
    text: (days) => `Nachrichten an die Teilnehmenden eines Anlasses löschen wir${afterTheEvent(days)}.`,
  },
  {
    rule: 'bookkeeping',
    text: (days) =>
      `Buchungsnummer, Beträge, Daten, Zahlungen und den Namen auf der Rechnung bewahren wir ${retentionPeriod(days)} nach dem Anlass auf, wie es die Buchführungspflicht verlangt; danach anonymisieren wir sie.`,
  },
];

/** The sentences of the retention section for the limits the database holds. */
export function retentionParagraphs(days: RetentionDays): string[] {
  return retentionPromises.flatMap(({ rule, text }) => {
    const limit = days[rule];
    return limit === undefined ? [] : [text(limit)];
  });
}

/** The section whose sentences come from the database (the page fills them in). */
export const RETENTION_SECTION_TITLE = 'Wie lange wir Daten aufbewahren';

export const privacyNotice: {
  title: string;
  updated: string;
  intro: string[];
  sections: TextSection[];
  backLink: { label: string; href: string };
} = {
  title: 'Datenschutzerklärung',
  updated: 'Stand: November 2026',
  intro: [
    `Diese Datenschutzerklärung gilt für die Website von ${site.name} und erklärt, welche Personendaten wir bearbeiten, wozu und an wen wir sie weitergeben. Sie richtet sich nach dem Schweizer Bundesgesetz über den Datenschutz (DSG) in der seit 1. September 2023 geltenden Fassung.`,
  ],
  sections: [
    {
      title: 'Verantwortlich',
      paragraphs: [
        `${site.name}, ${suhr.address}. E-Mail: ${site.email}, Telefon: ${site.phone}. Für alle Fragen zum Datenschutz erreichst du uns unter dieser Adresse.`,
      ],
    },
    {
      title: 'Anmeldungen und Reservationen',
      paragraphs: [
        'Wenn du dich für ein Event anmeldest oder das Fonduehüsli reservierst, speichern wir deinen Namen, deine E-Mail-Adresse, deine Telefonnummer, deine Bemerkungen und die gewählte Zahlungsart zusammen mit dem Event und dem Zahlungsstatus. Wir brauchen diese Angaben, um die Anmeldung durchzuführen, dir eine Bestätigung zu senden und dich bei Änderungen zu informieren (Vertragsabwicklung).',
        'Anmeldedaten bewahren wir so lange auf, wie es für die Durchführung und Abrechnung nötig ist, und darüber hinaus nur, soweit gesetzliche Aufbewahrungspflichten bestehen; die Fristen stehen unter «Wie lange wir Daten aufbewahren».',
      ],
    },
    {
      title: 'Zahlungen',
      paragraphs: [
        'Bezahlst du online mit Karte oder TWINT, läuft die Zahlung über Stripe (Stripe Payments Europe Ltd., Irland). Stripe erhält dafür deinen Namen, deine E-Mail-Adresse, den Betrag und die Zahlungsdaten, die du bei Stripe eingibst; Kartennummern sehen und speichern wir nicht. Wir speichern den Betrag, die Zahlungsart, die Referenz von Stripe und die Gebühr, die Stripe dafür verrechnet.',
        'Bezahlst du mit QR-Rechnung, lesen wir die Gutschriften aus der Kontodatei unserer Bank und speichern Betrag, Datum, Referenz und den Namen der zahlenden Person, um die Zahlung deiner Buchung zuzuordnen. Zahlungen und Belege bewahren wir so lange auf, wie es die Buchführungspflicht verlangt (siehe «Wie lange wir Daten aufbewahren»).',
      ],
    },
    {
      title: 'Kontaktformular und Firmenanfragen',
      paragraphs: [
        'Schreibst du uns über das Kontaktformular oder fragst du ein Unternehmensangebot an, speichern wir deinen Namen, deine E-Mail-Adresse, den Betreff und deine Nachricht, um dir antworten zu können. Die Anfrage bleibt gespeichert, auch wenn die Weiterleitung per E-Mail einmal fehlschlägt, damit keine Nachricht verloren geht.',
      ],
    },
    {
      title: 'Newsletter',
      paragraphs: [
        'Für den Newsletter brauchen wir nur deine E-Mail-Adresse. Wir versenden ihn über Mailchimp (Intuit Inc., USA). Du erhältst zuerst eine E-Mail, in der du die Anmeldung bestätigst (Double-Opt-in); erst danach bist du eingetragen. Jeder Newsletter enthält einen Link zum Abmelden.',
        'Mailchimp bearbeitet die Daten in den USA. Die USA gelten nach Auffassung des Bundesrates für zertifizierte Unternehmen unter dem Swiss-U.S. Data Privacy Framework als Land mit angemessenem Datenschutz; zusätzlich stützen wir uns auf die Standardvertragsklauseln.',
      ],
    },
    {
      title: 'E-Mail-Versand',
      paragraphs: [
        'Anmeldebestätigungen und die Weiterleitung von Kontaktanfragen versenden wir über den Dienst Resend (Resend Inc., USA). Dabei werden Empfängeradresse, Name und der Inhalt der Nachricht übermittelt. Auch hier gelten das Swiss-U.S. Data Privacy Framework beziehungsweise Standardvertragsklauseln.',
      ],
    },
    {
      title: 'Hosting und Datenbank',
      paragraphs: [
        'Die Website und unsere Datenbank werden bei Supabase (Supabase Inc.) betrieben; die Daten liegen in einem Rechenzentrum in der EU. Supabase bearbeitet die Daten nur in unserem Auftrag. Beim Aufruf der Website werden technisch notwendige Daten wie IP-Adresse, Zeitpunkt und aufgerufene Seite kurzzeitig in Server-Protokollen gespeichert, um den Betrieb und die Sicherheit zu gewährleisten.',
      ],
    },
    {
      title: 'Cookie-Hinweis und lokaler Speicher',
      paragraphs: [
        'Wir setzen keine Werbe- oder Analyse-Cookies. Im lokalen Speicher deines Browsers (localStorage) legen wir nur ab, was die Website zum Funktionieren braucht: ob du das helle oder dunkle Farbschema gewählt hast, dass du den Cookie-Hinweis gesehen hast, und für unser Team die Anmeldung im Admin-Bereich. Du kannst diese Einträge jederzeit in den Einstellungen deines Browsers löschen.',
      ],
    },
    {
      title: 'Eingebettete Inhalte',
      paragraphs: [
        'Auf der Seite Stories zeigen wir Beiträge aus unserem Instagram-Profil über ein eingebettetes Widget. Beim Laden dieser Seite verbindet sich dein Browser mit dem Anbieter des Widgets und mit Instagram (Meta Platforms); dabei wird deine IP-Adresse übermittelt.',
      ],
    },
    {
      title: RETENTION_SECTION_TITLE,
      paragraphs: [
        'Wir bewahren Personendaten nur so lange auf, wie wir sie brauchen. Diese Fristen setzt unser System jede Nacht selbst um:',
      ],
    },
    {
      title: 'Deine Rechte',
      paragraphs: [
        'Du kannst jederzeit Auskunft darüber verlangen, welche Daten wir über dich bearbeiten, und sie berichtigen oder löschen lassen. Du kannst einer Bearbeitung widersprechen, eine erteilte Einwilligung widerrufen und die Herausgabe deiner Daten in einem gängigen Format verlangen. Schreib uns dafür eine E-Mail; wir antworten innert 30 Tagen.',
        'Bist du mit unserer Antwort nicht einverstanden, kannst du dich an den Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB) wenden.',
      ],
    },
    {
      title: 'Datensicherheit',
      paragraphs: [
        'Die Übertragung erfolgt verschlüsselt (HTTPS). Der Zugriff auf Anmelde- und Anfragedaten ist auf unser Team beschränkt und in der Datenbank durch Zugriffsregeln geschützt.',
      ],
    },
    {
      title: 'Änderungen',
      paragraphs: [
        'Wir passen diese Erklärung an, wenn sich unsere Angebote oder die Rechtslage ändern. Es gilt die jeweils hier veröffentlichte Fassung.',
      ],
    },
  ],
  backLink: { label: 'Zurück zur Startseite', href: '/' },
};

export const imprint: { title: string; sections: TextSection[] } = {
  title: 'Impressum',
  sections: [
    {
      title: 'Anbieter',
      paragraphs: [site.name, ...site.locations.map((l) => `Standort ${l.name}: ${l.address}`)],
    },
    {
      title: 'Kontakt',
      paragraphs: [`E-Mail: ${site.email}`, `Telefon: ${site.phone}`],
    },
    {
      title: 'Vertretungsberechtigte Personen',
      paragraphs: ['Lena Meier und Marco Frei'],
    },
    {
      title: 'Haftung',
      paragraphs: [
        'Wir prüfen die Inhalte dieser Website sorgfältig, übernehmen aber keine Gewähr für ihre Richtigkeit, Vollständigkeit und Aktualität. Für Inhalte verlinkter Websites sind ausschliesslich deren Betreiber verantwortlich.',
      ],
    },
    {
      title: 'Urheberrechte',
      paragraphs: [
        `Texte und Bilder dieser Website gehören ${site.name}. Eine Verwendung ist nur mit unserer schriftlichen Zustimmung erlaubt.`,
      ],
    },
  ],
};
