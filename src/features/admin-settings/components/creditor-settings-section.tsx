import { useInvoiceCreditor } from '../api/invoice-creditor';
import { CreditorSettingsForm } from './creditor-settings-form';
import { SettingsSection } from './settings-section';

/** The invoice creditor (issue 15): who the QR-bill invoices name and which account they pay into. */
export function CreditorSettingsSection() {
  return (
    <SettingsSection
      title="Rechnungssteller"
      description="Zahlungsempfänger der Rechnungen mit QR-Einzahlungsschein (Bezahlung per Rechnung)."
      query={useInvoiceCreditor()}
      loadingLabel="Rechnungssteller wird geladen…"
    >
      {(creditor) => <CreditorSettingsForm creditor={creditor} />}
    </SettingsSection>
  );
}
