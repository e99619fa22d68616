import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useInboxCounts } from '../api/inbox-counts';
import { EnquiriesPanel, ENQUIRY_FILTERS, type EnquiryFilter } from './enquiries-panel';
import { NewsletterPanel } from './newsletter-panel';
import { OutboxPanel } from './outbox-panel';

const VIEWS = ['anfragen', 'newsletter', 'postausgang'] as const;
type View = (typeof VIEWS)[number];

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** /admin/inbox: the view and the enquiry filter live in the URL (bookmarks, reloads, back). */
export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const view = oneOf(VIEWS, params.get('ansicht'), 'anfragen');
  const filter = oneOf(ENQUIRY_FILTERS, params.get('status'), 'offen');
  const counts = useInboxCounts();

  function update(next: { ansicht?: View; status?: EnquiryFilter }) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) merged.set(key, value);
    setParams(merged, { replace: true });
  }

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-semibold">Posteingang</h1>
      <Tabs value={view} onValueChange={(value) => update({ ansicht: value as View })}>
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="anfragen">
            Anfragen{counts.data ? ` (${counts.data.openEnquiries} offen)` : ''}
          </TabsTrigger>
          <TabsTrigger value="newsletter">Newsletter</TabsTrigger>
          <TabsTrigger value="postausgang">
            Postausgang{counts.data?.failedMails ? ` (${counts.data.failedMails} fehlgeschlagen)` : ''}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="anfragen" className="mt-4">
          <EnquiriesPanel filter={filter} onFilterChange={(status) => update({ status })} />
        </TabsContent>
        <TabsContent value="newsletter" className="mt-4">
          <NewsletterPanel />
        </TabsContent>
        <TabsContent value="postausgang" className="mt-4">
          <OutboxPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
