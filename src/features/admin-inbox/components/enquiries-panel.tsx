import { CheckCircle2, Mail, RotateCcw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { OptionSelect } from '@/components/ui/option-select';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { adminErrorMessage } from '@/lib/error-codes';
import { useEnquiries, useSetEnquiryHandled, type Enquiry } from '../api/enquiries';
import { ENQUIRY_KIND_LABELS, ENQUIRY_MAIL_LABELS, label } from '../labels';
import { ListState } from '@/components/ui/list-state';

export const ENQUIRY_FILTERS = ['offen', 'erledigt', 'alle'] as const;
export type EnquiryFilter = (typeof ENQUIRY_FILTERS)[number];

const filterOptions = [
  { value: 'offen', label: 'Offene Anfragen' },
  { value: 'erledigt', label: 'Erledigte Anfragen' },
  { value: 'alle', label: 'Alle Anfragen' },
];

function matches(enquiry: Enquiry, filter: EnquiryFilter): boolean {
  if (filter === 'alle') return true;
  return filter === 'offen' ? enquiry.handled_at === null : enquiry.handled_at !== null;
}

/** 'mailto:' with the address and 'Re: {subject}' filled in; the mail program does the rest. */
export function replyHref(enquiry: Enquiry): string {
  const subject = enquiry.subject.trim() || label(ENQUIRY_KIND_LABELS, enquiry.kind);
  return `mailto:${encodeURIComponent(enquiry.email).replace('%40', '@')}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

interface EnquiriesPanelProps {
  filter: EnquiryFilter;
  onFilterChange: (filter: EnquiryFilter) => void;
}

export function EnquiriesPanel({ filter, onFilterChange }: EnquiriesPanelProps) {
  const enquiries = useEnquiries();
  const visible = (enquiries.data ?? []).filter((enquiry) => matches(enquiry, filter));
  return (
    <div className="space-y-4">
      <OptionSelect
        aria-label="Anfragen filtern"
        className="sm:w-60"
        value={filter}
        onValueChange={(value) => onFilterChange(value as EnquiryFilter)}
        options={filterOptions}
      />
      <ListState
        isPending={enquiries.isPending}
        isError={enquiries.isError}
        isEmpty={visible.length === 0}
        errorText="Die Anfragen konnten nicht geladen werden. Bitte laden Sie die Seite neu."
        emptyText="Keine Anfragen gefunden"
      >
        <ul className="space-y-3" aria-label="Anfragen">
          {visible.map((enquiry) => (
            <EnquiryCard key={enquiry.id} enquiry={enquiry} />
          ))}
        </ul>
      </ListState>
    </div>
  );
}

function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const setHandled = useSetEnquiryHandled();
  const handled = enquiry.handled_at !== null;
  const title = enquiry.subject.trim() || label(ENQUIRY_KIND_LABELS, enquiry.kind);

  function toggle() {
    setHandled.mutate(
      { id: enquiry.id, handled: !handled },
      {
        onSuccess: () =>
          toast({ title: handled ? 'Anfrage wieder geöffnet' : 'Anfrage als erledigt markiert' }),
        onError: (error) =>
          toast({
            title: 'Die Anfrage konnte nicht geändert werden',
            description: adminErrorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <li>
      <Card>
        <CardContent className="space-y-3 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="break-words font-semibold">{title}</h3>
              <p className="break-words text-sm text-muted-foreground">
                {enquiry.name ? `${enquiry.name} · ` : ''}
                {enquiry.email}
              </p>
            </div>
            <p className="text-sm text-muted-foreground">
              <time dateTime={enquiry.created_at}>{formatDateTime(enquiry.created_at)}</time>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline">{label(ENQUIRY_KIND_LABELS, enquiry.kind)}</Badge>
            <Badge variant={enquiry.mail_status === 'failed' ? 'destructive' : 'secondary'}>
              {label(ENQUIRY_MAIL_LABELS, enquiry.mail_status)}
            </Badge>
            {enquiry.handled_at ? (
              <Badge variant="success">Erledigt am {formatDateTime(enquiry.handled_at)}</Badge>
            ) : null}
          </div>
          <p className="whitespace-pre-wrap break-words text-sm">{enquiry.message || '(keine Nachricht)'}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={replyHref(enquiry)} aria-label={`Antworten an ${enquiry.email}`}>
                <Mail aria-hidden="true" />
                Antworten
              </a>
            </Button>
            <Button
              size="sm"
              variant={handled ? 'outline' : 'default'}
              disabled={setHandled.isPending}
              onClick={toggle}
            >
              {handled ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
              {handled ? 'Wieder öffnen' : 'Als erledigt markieren'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
