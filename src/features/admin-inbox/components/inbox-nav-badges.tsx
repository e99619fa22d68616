import { useInboxCounts } from '../api/inbox-counts';

/** Open enquiries and failed mails beside 'Posteingang'; nothing when there are none. */
export function InboxNavBadges() {
  const counts = useInboxCounts();
  if (!counts.data) return null;
  const { openEnquiries, failedMails } = counts.data;
  return (
    <>
      {openEnquiries > 0 ? (
        <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
          {openEnquiries}
          <span className="sr-only"> {openEnquiries === 1 ? 'offene Anfrage' : 'offene Anfragen'}</span>
        </span>
      ) : null}
      {failedMails > 0 ? (
        <span className="rounded-full bg-destructive px-1.5 text-xs text-destructive-foreground">
          {failedMails}
          <span className="sr-only">
            {' '}
            {failedMails === 1 ? 'fehlgeschlagene E-Mail' : 'fehlgeschlagene E-Mails'}
          </span>
        </span>
      ) : null}
    </>
  );
}
