import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, TextField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { retentionPromises } from '@/content/legal';
import { useRetentionRules, useSaveRetentionLimits } from '../api/retention-rules';
import { SettingsNotSavedError } from '../api/save-fondue-settings';
import {
  changedLimits,
  isLimited,
  retentionFormSchema,
  toRetentionForm,
  type LimitedRetentionRule,
  type RetentionFormValues,
  type RetentionRule,
} from '../retention-schema';
import { SettingsSection } from './settings-section';

/**
 * How long personal data is kept (issue 30): the limits the nightly job applies and the privacy
 * page prints. Each field shows the sentence the page will print for the value typed.
 */
export function RetentionSettingsSection() {
  return (
    <SettingsSection
      title="Aufbewahrungsfristen"
      description="Wie lange Personendaten bleiben, bevor der nächtliche Lauf sie löscht oder anonymisiert. Die Datenschutzerklärung nennt dieselben Fristen. Kürzer als die Mindestfrist (Gesetz oder Betrieb) geht nicht."
      query={useRetentionRules()}
      loadingLabel="Aufbewahrungsfristen werden geladen…"
    >
      {(rules) => <RetentionForm rules={rules} />}
    </SettingsSection>
  );
}

/** What the privacy page says for a rule at `value` days, once the value is a valid number. */
function pageSentence(rule: LimitedRetentionRule, value: string): string | null {
  const promise = retentionPromises.find((candidate) => candidate.rule === rule.key);
  const days = Number(value);
  if (!promise || !/^\d+$/.test(value.trim()) || days < rule.min_days) return null;
  return promise.text(days);
}

/** A refused limit (retention_rules_min_days_check) in the admin's words. */
function saveErrorMessage(error: unknown): string {
  if (error instanceof SettingsNotSavedError) return error.message;
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === '23514')
    return 'Eine Frist ist kürzer als ihre Mindestfrist. Bitte prüfen Sie die Angaben.';
  return 'Die Fristen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';
}

function RetentionForm({ rules }: { rules: RetentionRule[] }) {
  const limited = rules.filter(isLimited);
  const unlimited = rules.filter((rule) => !isLimited(rule));
  const form = useForm<RetentionFormValues>({
    resolver: zodResolver(retentionFormSchema(limited)),
    defaultValues: toRetentionForm(limited),
  });
  const save = useSaveRetentionLimits();

  async function onSubmit(values: RetentionFormValues) {
    const changes = changedLimits(limited, values);
    if (changes.length === 0) {
      toast({ title: 'Keine Änderungen', description: 'Alle Fristen sind unverändert.' });
      return;
    }
    try {
      await save.mutateAsync(changes);
      form.reset(values);
      toast({
        title: 'Aufbewahrungsfristen gespeichert',
        description:
          'Sie gelten ab dem nächsten nächtlichen Lauf. Die Datenschutzerklärung nennt sie nach dem nächsten Aufbau der Website.',
      });
    } catch (error) {
      toast({ title: 'Fehler beim Speichern', description: saveErrorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        className="space-y-6"
        noValidate
        aria-label="Aufbewahrungsfristen"
      >
        <div className="grid gap-6 lg:grid-cols-2">
          {limited.map((rule) => (
            <TextField
              key={rule.key}
              control={form.control}
              name={`days.${rule.key}`}
              label={`${rule.label} (Tage)`}
              inputMode="numeric"
              description={(value) => {
                const sentence = pageSentence(rule, value);
                return (
                  <>
                    {rule.description} Mindestens {rule.min_days} Tage.
                    {sentence ? <span className="mt-1 block">Datenschutzerklärung: «{sentence}»</span> : null}
                  </>
                );
              }}
            />
          ))}
        </div>
        {unlimited.length > 0 ? (
          <div>
            <h3 className="font-semibold">Ohne feste Frist</h3>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {unlimited.map((rule) => (
                <div key={rule.key} className="contents">
                  <dt className="font-medium">{rule.label}</dt>
                  <dd className="text-muted-foreground">{rule.description}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Wird gespeichert…' : 'Aufbewahrungsfristen speichern'}
        </Button>
      </form>
    </Form>
  );
}
