import { Link } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { VoucherBalanceCheck } from '@/features/gift-vouchers/components/voucher-balance-check';
import { VoucherPurchase } from '@/features/gift-vouchers/components/voucher-purchase';

const DESCRIPTION =
  'Geschenkgutscheine für Kochkurse, Atem-Workshops und Fondue-Abende: online kaufen, beim Buchen einlösen, Guthaben prüfen.';

export default function GutscheinePage() {
  return (
    <>
      <Seo title="Geschenkgutscheine" description={DESCRIPTION} path="/gutscheine" />
      <div className="container max-w-3xl space-y-12 py-16 md:py-20">
        <header className="space-y-4">
          <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">Geschenkgutscheine</h1>
          <p className="text-lg leading-relaxed text-muted-foreground">
            Ein Abend am Feuer, ein Kochkurs oder ein Atem-Workshop zum Verschenken. Wähle einen Betrag oder
            ein Angebot und bezahle online; wir schicken den Gutschein als PDF zum Ausdrucken an dich oder
            direkt an die beschenkte Person, auf Wunsch an einem bestimmten Tag. Fragen beantworten wir gerne
            über das{' '}
            <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
              Kontaktformular
            </Link>
            .
          </p>
        </header>
        <section aria-labelledby="kaufen-titel" className="space-y-4">
          <h2 id="kaufen-titel" className="text-2xl font-semibold">
            Gutschein kaufen
          </h2>
          <VoucherPurchase />
        </section>
        <section aria-labelledby="einloesen-titel" className="space-y-3">
          <h2 id="einloesen-titel" className="text-2xl font-semibold">
            So löst du einen Gutschein ein
          </h2>
          <p className="leading-relaxed">
            Gib den Gutscheincode beim Buchen eines Events oder beim Reservieren des Fonduehüsli ein. Der
            Gutschein bezahlt die Buchung ganz oder zum Teil; was übrig bleibt, kannst du für eine nächste
            Buchung einlösen. Stornierst du eine Buchung, schreiben wir den eingelösten Betrag deinem
            Gutschein wieder gut.
          </p>
        </section>
        <section aria-labelledby="guthaben-titel" className="space-y-4">
          <h2 id="guthaben-titel" className="text-2xl font-semibold">
            Guthaben prüfen
          </h2>
          <VoucherBalanceCheck />
        </section>
      </div>
    </>
  );
}
