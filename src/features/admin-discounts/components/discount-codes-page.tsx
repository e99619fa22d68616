import { DiscountCodeList } from './discount-code-list';
import { NewDiscountCodeForm } from './new-discount-code-form';

/** /admin/rabattcodes (issue 28): the codes with their terms and uses, a new code, (de)activate. */
export function DiscountCodesPage() {
  return (
    <div className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold">Rabattcodes</h1>
        <p className="text-muted-foreground">
          Codes, die Besucherinnen und Besucher im Buchungsformular einlösen. Eine Buchung behält die
          Bedingungen, mit denen sie gebucht wurde; ein deaktivierter Code gilt für neue Buchungen nicht mehr.
        </p>
      </header>
      <DiscountCodeList />
      <NewDiscountCodeForm />
    </div>
  );
}
